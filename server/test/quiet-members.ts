// Members a test or bench may change freely: active, of one group, and nobody has asked anything
// about them yet (no request of any kind).
import { and, eq, isNull, sql } from 'drizzle-orm';
import { subscribers } from '../db/schema';

export const quietMembersOf = (employerPK: number) =>
  and(
    eq(subscribers.employerPK, employerPK),
    isNull(subscribers.termDate),
    sql`not exists (select 1 from requests r where r.subscriber_pk = ${subscribers.subscriberPK})`,
  );
