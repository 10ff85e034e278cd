import { format } from 'date-fns';
import type { CarrierFileItem } from '../../contracts/carrier-files';

export const KIND_LABELS: Record<CarrierFileItem['kind'], string> = { change: 'Change', full: 'Full' };

export const LINE_LABELS: Record<string, string> = { HLT: 'Medical', DEN: 'Dental', FSA: 'FSA' };

/** A file's creation time in the browser's zone. */
export const createdLabel = (createdAt: string) => format(new Date(createdAt), 'MM/dd/yyyy HH:mm');

/** A yyyy-MM-dd date of the file as the portal shows dates. */
export function usDate(isoDate: string): string {
  if (!isoDate) return '';
  const [y, m, d] = isoDate.split('-');
  return `${m}/${d}/${y}`;
}
