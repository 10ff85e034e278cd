import { format, isValid, parseISO } from 'date-fns';

/** A moment the server sends with its offset, shown in the user's own zone as MM/dd/yyyy h:mm a. */
export function formatMoment(iso: string): string {
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'MM/dd/yyyy h:mm a') : iso;
}
