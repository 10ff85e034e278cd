import { differenceInCalendarDays, isValid, parse } from 'date-fns';
import { RETRO_TERMINATION_DAYS } from '../../../contracts/terminations';

/**
 * True when a `yyyy-MM-dd` date lies more than 90 calendar days before today (spec 1 §4): such a
 * retro termination is refused on the screen, without calling the server. 90 days back is allowed.
 */
export function isBeyondRetroWindow(isoDate: string, today: Date = new Date()): boolean {
  const date = parse(isoDate, 'yyyy-MM-dd', today);
  return isValid(date) && differenceInCalendarDays(today, date) > RETRO_TERMINATION_DAYS;
}
