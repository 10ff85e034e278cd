import { format, isValid, parseISO } from 'date-fns';

/** 'yyyy-MM-dd' → 'MM/dd/yyyy' for display; parseISO reads a bare date as local midnight, so no day shift. */
export function formatIsoDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'MM/dd/yyyy') : iso;
}
