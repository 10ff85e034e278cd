import { sql } from 'drizzle-orm';
import type { GroupRoles } from '../../../src/contracts/permissions';
import { localToday } from '../../lib/calendar';
import { hashPassword } from '../../services/identity';
import type { Db } from '../client';
import { employers, userGrants, users } from '../schema';
import { employerLogoSvg } from './employers';

/** A seeded user: one per role, plus a broker of three groups, the operator and a user without groups. */
export type DemoUser = {
  userId: string;
  email: string;
  givenName: string;
  familyName: string;
  groupRoles: GroupRoles[];
  portalAdministrator?: boolean;
};

/** The one password every demo account signs in with. */
export const DEMO_PASSWORD = 'Portal!2025';

/** The broker whose client groups SEED_BROKER_GROUPS generates (bench:api). */
export const BIG_BROKER_EMAIL = 'bigbroker@example.com';

export const DEMO_USERS: readonly DemoUser[] = [
  {
    userId: 'user-hr',
    email: 'hr@example.com',
    givenName: 'Hannah',
    familyName: 'Reyes',
    groupRoles: [{ GroupPK: 2, roles: ['HR'] }],
  },
  {
    userId: 'user-broker',
    email: 'broker@example.com',
    givenName: 'Brian',
    familyName: 'Okafor',
    groupRoles: [
      { GroupPK: 2, roles: ['Broker'] },
      { GroupPK: 3, roles: ['Broker'] },
      { GroupPK: 4, roles: ['Broker'] },
    ],
  },
  {
    userId: 'user-admin',
    email: 'admin@example.com',
    givenName: 'Alice',
    familyName: 'Mendes',
    groupRoles: [{ GroupPK: 2, roles: ['GroupAdmin'] }],
  },
  {
    userId: 'user-idcard',
    email: 'idcard@example.com',
    givenName: 'Ivan',
    familyName: 'Castro',
    groupRoles: [{ GroupPK: 2, roles: ['IDcard Only'] }],
  },
  {
    userId: 'user-claims',
    email: 'claims@example.com',
    givenName: 'Clara',
    familyName: 'Novak',
    groupRoles: [{ GroupPK: 2, roles: ['ViewClaims'] }],
  },
  {
    userId: 'user-finance',
    email: 'finance@example.com',
    givenName: 'Felix',
    familyName: 'Adeyemi',
    groupRoles: [{ GroupPK: 2, roles: ['Funding', 'Invoice'] }],
  },
  // Single-role finance users: each sees only its own document list.
  {
    userId: 'user-funding',
    email: 'funding@example.com',
    givenName: 'Farah',
    familyName: 'Gill',
    groupRoles: [{ GroupPK: 2, roles: ['Funding'] }],
  },
  {
    userId: 'user-invoice',
    email: 'invoice@example.com',
    givenName: 'Ines',
    familyName: 'Vogel',
    groupRoles: [{ GroupPK: 2, roles: ['Invoice'] }],
  },
  {
    userId: 'user-reports',
    email: 'reports@example.com',
    givenName: 'Rita',
    familyName: 'Lindqvist',
    groupRoles: [{ GroupPK: 2, roles: ['Reporting'] }],
  },
  // Reads the access report of group 2 and nothing else.
  {
    userId: 'user-auditor',
    email: 'auditor@example.com',
    givenName: 'Aria',
    familyName: 'Holt',
    groupRoles: [{ GroupPK: 2, roles: ['Auditor'] }],
  },
  // HR of the large benchmark group, which exists only when seeded with SEED_MEMBERS (bench/census.ts).
  {
    userId: 'user-bench',
    email: 'bench@example.com',
    givenName: 'Bea',
    familyName: 'Marsh',
    groupRoles: [{ GroupPK: 6, roles: ['HR'] }],
  },
  { userId: 'user-nogroups', email: 'nogroups@example.com', givenName: 'Nora', familyName: 'Quinn', groupRoles: [] },
  // The operator: every group, present and future, without a grant row per group.
  {
    userId: 'user-operator',
    email: 'operator@example.com',
    givenName: 'Omar',
    familyName: 'Petrov',
    groupRoles: [],
    portalAdministrator: true,
  },
  // An employee of group 2 (a subscriber with dependents): My Benefits, their own records only.
  {
    userId: 'user-employee',
    email: 'employee@example.com',
    givenName: 'Emma',
    familyName: 'Reyes',
    groupRoles: [{ GroupPK: 2, roles: ['Member'] }],
  },
  // Broker of group 2 and, with SEED_BROKER_GROUPS, of that many generated client groups.
  {
    userId: 'user-bigbroker',
    email: BIG_BROKER_EMAIL,
    givenName: 'Bruno',
    familyName: 'Sato',
    groupRoles: [{ GroupPK: 2, roles: ['Broker'] }],
  },
];

/**
 * The demo users and their grants, once: when the users table is empty (a new database, or one that
 * predates users in the database). Grants in groups that do not exist (6 without SEED_MEMBERS) wait
 * for the group: `seedDemoGrants` adds them when it is created.
 */
export async function seedDemoUsers(db: Db, today = localToday()): Promise<boolean> {
  const [existing] = await db.select({ userId: users.userId }).from(users).limit(1);
  if (existing) return false;
  // One hash for all: they share the demo password anyway, and the seed stays fast.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.insert(users).values(
    DEMO_USERS.map((u) => ({
      userId: u.userId,
      email: u.email,
      givenName: u.givenName,
      familyName: u.familyName,
      status: 'active' as const,
      passwordHash,
      portalAdministrator: u.portalAdministrator ?? false,
    })),
  );
  await seedDemoGrants(db, today);
  return true;
}

/** The demo users' grants in every group that exists now; already present ones are kept. */
export async function seedDemoGrants(db: Db, today = localToday()): Promise<void> {
  const groups = new Set(
    (await db.select({ employerPK: employers.employerPK }).from(employers)).map((e) => e.employerPK),
  );
  const rows = DEMO_USERS.flatMap((u) =>
    u.groupRoles
      .filter((g) => groups.has(g.GroupPK))
      .flatMap((g) =>
        g.roles.filter((role) => role !== 'Member').map((role) => ({ userId: u.userId, employerPK: g.GroupPK, role })),
      ),
  );
  if (rows.length > 0) await db.insert(userGrants).values(rows).onConflictDoNothing();
  for (const u of DEMO_USERS) {
    for (const g of u.groupRoles.filter((g) => groups.has(g.GroupPK) && g.roles.includes('Member'))) {
      await grantMemberRecord(db, u.userId, g.GroupPK, today);
    }
  }
}

/**
 * A Member grant on the group's first active subscriber with two or more dependents, medical cover
 * today and an ID card of their own, who has no account yet; nothing when the group has none.
 */
async function grantMemberRecord(db: Db, userId: string, employerPK: number, today: string): Promise<void> {
  await db.execute(sql`
    insert into user_grants (user_id, employer_pk, role, subscriber_pk)
    select ${userId}, ${employerPK}, 'Member', s.subscriber_pk
    from subscribers s
    where s.employer_pk = ${employerPK} and s.term_date is null
      and (select count(*) from dependents d where d.subscriber_pk = s.subscriber_pk and d.term_date is null) >= 2
      and exists (
        select 1 from coverages c join plans p on p.plan_pk = c.plan_pk
        where c.subscriber_pk = s.subscriber_pk and c.dependent_pk is null and p.plan_type = 'Medical'
          and c.begin_date <= ${today}::date and (c.end_date is null or c.end_date >= ${today}::date))
      and exists (select 1 from id_cards c where c.subscriber_pk = s.subscriber_pk and c.dependent_pk is null)
      and not exists (select 1 from user_grants g where g.subscriber_pk = s.subscriber_pk)
    order by s.subscriber_pk
    limit 1
    on conflict do nothing`);
  // The account carries the employee's own name.
  await db.execute(sql`
    update users set given_name = s.first_name, family_name = s.last_name
    from user_grants g join subscribers s on s.subscriber_pk = g.subscriber_pk
    where users.user_id = ${userId} and g.user_id = users.user_id and g.employer_pk = ${employerPK}`);
}

/** SEED_BROKER_GROUPS: generated client groups (no members) for the big broker, added up to `count`. */
export async function seedBrokerGroups(db: Db, count: number): Promise<number> {
  const [have] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(userGrants)
    .where(sql`${userGrants.userId} = 'user-bigbroker' and ${userGrants.employerPK} <> 2`);
  const missing = count - (have?.n ?? 0);
  if (missing <= 0) return 0;
  const start = (have?.n ?? 0) + 1;
  const created = await db
    .insert(employers)
    .values(
      Array.from({ length: missing }, (_, i) => {
        const n = start + i;
        return {
          employerName: `Client Group ${String(n).padStart(5, '0')}`,
          employerID: `B${String(n).padStart(6, '0')}`,
          employerLogo: Buffer.from(employerLogoSvg(`Client ${n}`, '#5e35b1')).toString('base64'),
          employerLogoMimeType: 'image/svg+xml',
          groupEffectiveDate: '2024-01-01',
          mfaRequired: false,
        };
      }),
    )
    .returning({ employerPK: employers.employerPK });
  await db
    .insert(userGrants)
    .values(created.map((e) => ({ userId: 'user-bigbroker', employerPK: e.employerPK, role: 'Broker' as const })));
  return created.length;
}
