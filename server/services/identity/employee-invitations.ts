// Employees as users: HR invites the group's subscribers who have an e-mail and no account, one or a
// batch at a time. Each becomes an invited user holding the Member role on their own record.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { userGrants, users } from '../../db/schema';
import { bumpAccessVersion } from './access';
import { sendInvitation, type UserAdmin } from './users';

/** Invitations sent per call: each is a mail, so a call stays short and the screen shows progress. */
export const EMPLOYEE_INVITE_BATCH = 100;
/** The count of those still without an account stops here ("1,000+"). */
const REMAINING_CAP = 1000;

type Candidate = { subscriber_pk: number; first_name: string; last_name: string; email: string };

/** Active subscribers with an e-mail that is nobody's account yet, one per address. */
const candidates = (employerPK: number, subscriberPK: number | undefined, limit: number) => sql`
  select distinct on (lower(trim(s.email))) s.subscriber_pk, s.first_name, s.last_name, lower(trim(s.email)) as email
  from subscribers s
  where s.employer_pk = ${employerPK} and s.term_date is null and trim(s.email) like '%_@_%'
    ${subscriberPK === undefined ? sql`` : sql`and s.subscriber_pk = ${subscriberPK}`}
    and not exists (select 1 from user_grants g where g.subscriber_pk = s.subscriber_pk)
    and not exists (select 1 from users u where u.email = lower(trim(s.email)))
  order by lower(trim(s.email)), s.subscriber_pk
  limit ${limit}`;

/**
 * Invites the next batch (or the one subscriber named). Each invitation is its own transaction with
 * its mail: one that could not be sent is not stored, and the batch stops there (503 when none went).
 */
export async function inviteEmployees(db: Db, admin: UserAdmin, subscriberPK?: number) {
  const { rows } = await db.execute<Candidate>(candidates(admin.employerPK, subscriberPK, EMPLOYEE_INVITE_BATCH));
  const invited: number[] = [];
  for (const person of rows) {
    try {
      await db.transaction(async (tx) => {
        const userId = `user-${randomUUID()}`;
        await tx.insert(users).values({
          userId,
          email: person.email,
          givenName: person.first_name,
          familyName: person.last_name,
          status: admin.mail.externalSignIn ? 'active' : 'invited',
        });
        await tx
          .insert(userGrants)
          .values({ userId, employerPK: admin.employerPK, role: 'Member', subscriberPK: person.subscriber_pk });
        await sendInvitation(tx, admin, { userId, email: person.email, givenName: person.first_name });
        await bumpAccessVersion(tx);
      });
      invited.push(person.subscriber_pk);
    } catch (error) {
      if (invited.length === 0) throw error;
      break;
    }
  }
  const { rows: left } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from (${candidates(admin.employerPK, subscriberPK, REMAINING_CAP + 1)}) c`,
  );
  const remaining = left[0]?.n ?? 0;
  return {
    invited: invited.length,
    subscriberPKs: invited,
    remaining: Math.min(remaining, REMAINING_CAP),
    remainingCapped: remaining > REMAINING_CAP,
  };
}
