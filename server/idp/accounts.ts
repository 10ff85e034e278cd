import { scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { GroupRoles } from '../../src/contracts/permissions';

/** Seeded users of the development identity provider: one per role, plus a broker and a user without groups. */
export type DemoAccount = {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
  groupRoles: GroupRoles[];
};

/** The one password every demo account signs in with. */
export const DEMO_PASSWORD = 'Portal!2025';

export const ACCOUNTS: readonly DemoAccount[] = [
  {
    sub: 'user-hr',
    email: 'hr@example.com',
    givenName: 'Hannah',
    familyName: 'Reyes',
    groupRoles: [{ GroupPK: 2, roles: ['HR'] }],
  },
  {
    sub: 'user-broker',
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
    sub: 'user-admin',
    email: 'admin@example.com',
    givenName: 'Alice',
    familyName: 'Mendes',
    groupRoles: [{ GroupPK: 2, roles: ['GroupAdmin'] }],
  },
  {
    sub: 'user-idcard',
    email: 'idcard@example.com',
    givenName: 'Ivan',
    familyName: 'Castro',
    groupRoles: [{ GroupPK: 2, roles: ['IDcard Only'] }],
  },
  {
    sub: 'user-claims',
    email: 'claims@example.com',
    givenName: 'Clara',
    familyName: 'Novak',
    groupRoles: [{ GroupPK: 2, roles: ['ViewClaims'] }],
  },
  {
    sub: 'user-finance',
    email: 'finance@example.com',
    givenName: 'Felix',
    familyName: 'Adeyemi',
    groupRoles: [{ GroupPK: 2, roles: ['Funding', 'Invoice'] }],
  },
  {
    // Single-role finance users: each sees only its own document list.
    sub: 'user-funding',
    email: 'funding@example.com',
    givenName: 'Farah',
    familyName: 'Gill',
    groupRoles: [{ GroupPK: 2, roles: ['Funding'] }],
  },
  {
    sub: 'user-invoice',
    email: 'invoice@example.com',
    givenName: 'Ines',
    familyName: 'Vogel',
    groupRoles: [{ GroupPK: 2, roles: ['Invoice'] }],
  },
  {
    sub: 'user-reports',
    email: 'reports@example.com',
    givenName: 'Rita',
    familyName: 'Lindqvist',
    groupRoles: [{ GroupPK: 2, roles: ['Reporting'] }],
  },
  {
    // Reads the access report of group 2 and nothing else.
    sub: 'user-auditor',
    email: 'auditor@example.com',
    givenName: 'Aria',
    familyName: 'Holt',
    groupRoles: [{ GroupPK: 2, roles: ['Auditor'] }],
  },
  {
    // HR of the large benchmark group, which exists only when seeded with SEED_MEMBERS (bench/census.ts).
    sub: 'user-bench',
    email: 'bench@example.com',
    givenName: 'Bea',
    familyName: 'Marsh',
    groupRoles: [{ GroupPK: 6, roles: ['HR'] }],
  },
  {
    sub: 'user-nogroups',
    email: 'nogroups@example.com',
    givenName: 'Nora',
    familyName: 'Quinn',
    groupRoles: [],
  },
];

const KEY_LENGTH = 32;
const scryptAsync = promisify(scrypt) as (password: string, salt: string, keylen: number) => Promise<Buffer>;
const saltFor = (account: DemoAccount | undefined) => `demo:${account?.sub ?? 'decoy'}`;

// Hashes live beside the accounts rather than on them, so an account object never carries a secret.
const passwordHashes = new Map(
  ACCOUNTS.map((a) => [a.sub, scryptSync(DEMO_PASSWORD.normalize('NFKC'), saltFor(a), KEY_LENGTH)]),
);
// Unknown emails are checked against this too, so response time does not reveal which emails exist.
const decoyHash = scryptSync('decoy', saltFor(undefined), KEY_LENGTH);

export function findAccountBySub(sub: string): DemoAccount | undefined {
  return ACCOUNTS.find((a) => a.sub === sub);
}

function findAccountByEmail(email: string): DemoAccount | undefined {
  const wanted = email.trim().toLowerCase();
  return ACCOUNTS.find((a) => a.email === wanted);
}

/** The account whose email and password match, or undefined. */
export async function verifyCredentials(email: string, password: string): Promise<DemoAccount | undefined> {
  const account = findAccountByEmail(email);
  const expected = (account && passwordHashes.get(account.sub)) ?? decoyHash;
  // Async here: a login must not hold up every other request while scrypt runs.
  const actual = await scryptAsync(password.normalize('NFKC'), saltFor(account), KEY_LENGTH);
  return timingSafeEqual(actual, expected) && account ? account : undefined;
}
