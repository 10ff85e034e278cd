import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyConnectionOf, copyEncoder, copyInto } from './bulk-insert';
import { employers, subscribers } from './schema';
import { createTestDatabase, type TestDatabase } from './test-database';
import { missingGroupNames } from '../test/group-names';

const person = {
  employerPK: 2,
  subscriberID: 'COPY-1',
  firstName: 'Tab\there',
  lastName: "O'Back\\slash",
  ssn: '123-45-6789',
  ssnLast4: '6789',
  dateOfBirth: '1980-02-29',
  genderPK: 1,
  address1: 'Line\nbreak\rreturn',
  address2: null,
  city: 'Springfield',
  statePK: 1,
  zipCode: '12345',
  phone1: '2025550100',
  email: 'a@example.com',
  payRate: 1234.5,
  isCoveredByMedicare: true,
};

describe('copyEncoder', () => {
  it("writes COPY's text format: escapes, NULL, booleans, numbers and the column order asked for", () => {
    const { columns, encode } = copyEncoder(subscribers, [
      'firstName',
      'lastName',
      'address1',
      'address2',
      'payRate',
      'isCoveredByMedicare',
    ]);
    expect(columns).toEqual(['first_name', 'last_name', 'address1', 'address2', 'pay_rate', 'is_covered_by_medicare']);
    expect(encode([person])).toBe("Tab\\there\tO'Back\\\\slash\tLine\\nbreak\\rreturn\t\\N\t1234.5\tt\n");
  });

  it("fills a missing key with the column's default", () => {
    const { encode } = copyEncoder(subscribers, ['maritalStatusPK', 'middleName']);
    expect(encode([{ ...person }])).toBe('1\t\\N\n');
  });

  it('writes bytes as escaped hex and dates as ISO timestamps', () => {
    const { encode } = copyEncoder(employers, ['employerLogo', 'createdAt'] as never);
    const logo = Buffer.from('<svg/>');
    expect(encode([{ employerLogo: logo, createdAt: new Date('2026-01-02T03:04:05Z') } as never])).toBe(
      `\\\\x${logo.toString('hex')}\t2026-01-02T03:04:05.000Z\n`,
    );
  });
});

describe('copyInto', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ seed: true });
  }, 120_000);

  afterAll(async () => {
    await database?.close();
  });

  it('stores rows in a transaction on PostgreSQL, exactly as given; PGlite offers no COPY connection', async () => {
    await database.db
      .transaction(async (tx) => {
        const connection = await copyConnectionOf(tx);
        if (database.driver !== 'postgres') {
          expect(connection).toBeNull();
          return;
        }
        expect(connection).not.toBeNull();
        const { columns, encode } = copyEncoder(subscribers, Object.keys(person) as (keyof typeof person)[]);
        expect(await copyInto(connection!, subscribers, columns, [encode([person])])).toBe(1);
        const [stored] = await tx.select().from(subscribers).where(eq(subscribers.subscriberID, 'COPY-1'));
        expect(stored).toMatchObject(person);
        // The member-count trigger saw the copied row.
        const counted = await tx.execute<{ members: number }>(
          sql`select members from group_member_counts where employer_pk = 2`,
        );
        const [all] = await tx
          .execute<{ n: number }>(sql`select count(*)::int as n from subscribers where employer_pk = 2`)
          .then((r) => r.rows);
        expect(Number(counted.rows[0]?.members)).toBe(all?.n);
        // So did the name dictionary's: the new names are in it, as written.
        expect(await missingGroupNames(tx)).toEqual([]);
        const names = await tx.execute<{ kind: string; name: string }>(
          sql`select kind, name from group_names
            where employer_pk = 2 and name in (${person.firstName}, ${person.lastName}) order by kind`,
        );
        expect(names.rows).toEqual([
          { kind: 'first', name: person.firstName },
          { kind: 'last', name: person.lastName },
        ]);
        // A bad value fails the COPY instead of leaving the caller waiting.
        await expect(
          copyInto(connection!, subscribers, columns, [
            encode([{ ...person, subscriberID: 'COPY-2', genderPK: 'x' as never }]),
          ]),
        ).rejects.toThrow(/invalid input syntax for type integer/);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'Rollback')) throw error;
      });
  });
});
