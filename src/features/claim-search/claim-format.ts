import { formatIsoDate } from '../../lib/calendar-date';

/** Shown for a claim not paid yet (spec 2 §2). */
const IN_PROCESS = 'In-Process';

export function formatPaymentDate(paymentDate: string | null): string {
  return paymentDate ? formatIsoDate(paymentDate) : IN_PROCESS;
}
