// "Remind those not done": members with an account who have not submitted in the open window get a
// mail, at most one a day each, a batch per call.
import { sql } from 'drizzle-orm';
import { localToday, usDate } from '../../lib/calendar';
import { conflict, HttpProblem } from '../../lib/problem';
import type { Db } from '../../db/client';
import { enrollmentReminders } from '../../db/schema';
import { enrollmentReminderMail, type AccountMail } from '../identity';
import { currentWindow } from './windows';

/** Reminders sent per call, so a call stays short; the screen offers the next batch. */
export const REMINDER_BATCH = 200;
const REMAINING_CAP = 1000;

type Due = { subscriber_pk: number; email: string; given_name: string };

/** Members of the window's group with an account that can sign in, not submitted, not reminded today. */
const due = (windowPK: number, employerPK: number, today: string, limit: number) => sql`
  select g.subscriber_pk, u.email, u.given_name
  from user_grants g
  join users u on u.user_id = g.user_id and u.status in ('active', 'invited')
  where g.employer_pk = ${employerPK} and g.role = 'Member'
    and not exists (select 1 from elections e where e.window_pk = ${windowPK} and e.subscriber_pk = g.subscriber_pk)
    and not exists (
      select 1 from enrollment_reminders r
      where r.window_pk = ${windowPK} and r.subscriber_pk = g.subscriber_pk and r.sent_on >= ${today}::date)
  order by g.subscriber_pk
  limit ${limit}`;

export async function remindMembers(db: Db, employerPK: number, mail: AccountMail, today = localToday()) {
  const window = await currentWindow(db, employerPK);
  if (!window || window.startsOn > today || window.endsOn < today)
    throw conflict('Reminders go out while the open enrollment window is open.');
  const { rows } = await db.execute<Due>(due(window.windowPK, employerPK, today, REMINDER_BATCH));
  const reminded: number[] = [];
  for (const member of rows) {
    try {
      await mail.mailer.send({
        to: member.email,
        ...enrollmentReminderMail({
          givenName: member.given_name,
          link: `${mail.publicUrl}/my-enrollment`,
          closesOn: usDate(window.endsOn),
        }),
      });
    } catch {
      break;
    }
    // Stored as each mail leaves, so a batch cut short never sends anyone a second mail the same day.
    await db
      .insert(enrollmentReminders)
      .values({ windowPK: window.windowPK, subscriberPK: member.subscriber_pk, sentOn: today })
      .onConflictDoUpdate({
        target: [enrollmentReminders.windowPK, enrollmentReminders.subscriberPK],
        set: { sentOn: today },
      });
    reminded.push(member.subscriber_pk);
  }
  if (rows.length > 0 && reminded.length === 0)
    throw new HttpProblem(503, 'Service Unavailable', 'The reminders could not be sent. Try again in a few minutes.');
  const { rows: left } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (${due(window.windowPK, employerPK, today, REMAINING_CAP + 1)}) d`,
  );
  const remaining = left[0]?.n ?? 0;
  return {
    reminded: reminded.length,
    subscriberPKs: reminded,
    remaining: Math.min(remaining, REMAINING_CAP),
    remainingCapped: remaining > REMAINING_CAP,
  };
}
