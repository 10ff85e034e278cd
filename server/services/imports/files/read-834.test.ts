import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { and, asc, eq, gte, inArray, isNull, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coverages, dependents, fsaElections, plans, subscribers } from '../../../db/schema';
import { createTestDatabase, type TestDatabase } from '../../../db/test-database';
import { localToday } from '../../../lib/calendar';
import {
  FULL_FILE_MAINTENANCE,
  headerSegments,
  memberSegments,
  trailerSegments,
  type FeedMember,
  type FileHeader,
} from '../../carrier-feed/carrier-834';
import { generateFullFile } from '../../carrier-feed/carrier-files';
import { carrierFeedKey, readCarrierFile } from '../../carrier-feed/carrier-file-store';
import { X12FormatError, read834, type Roster834Header, type Roster834Member } from './read-834';

async function readAll(source: Parameters<typeof read834>[0]) {
  const headers: Roster834Header[] = [];
  const members: Roster834Member[] = [];
  for await (const event of read834(source)) {
    if (event.kind === 'header') headers.push(event.header);
    else members.push(event.member);
  }
  return { headers, members };
}

async function* chunked(data: Buffer, size: number) {
  for (let i = 0; i < data.length; i += size) yield data.subarray(i, i + size);
}

const failure = async (text: string) => {
  try {
    await readAll(Buffer.from(text));
  } catch (error) {
    expect(error).toBeInstanceOf(X12FormatError);
    return (error as Error).message;
  }
  throw new Error('read834 did not fail');
};

const today = localToday();
let t: TestDatabase;
/** Group 2's full file, as the carrier feed writes it. */
let file: Buffer;

beforeAll(async () => {
  t = await createTestDatabase({ seed: true });
  const item = await generateFullFile(t.db, 2, 'test', { today, now: new Date(`${today}T09:30:00`) });
  expect(item.problems).toEqual([]);
  const parts: Buffer[] = [];
  for await (const part of readCarrierFile(t.db, item.carrierFilePK, await carrierFeedKey(t.db))) parts.push(part);
  file = Buffer.concat(parts);
});
afterAll(async () => {
  await t?.close();
});

describe("group 2's full file", () => {
  it('gives the header of the 1000A/1000B loops', async () => {
    const { headers } = await readAll(file);
    expect(headers).toEqual([
      {
        sponsorName: expect.any(String),
        sponsorTaxId: expect.stringMatching(/^\d{9}$/),
        payerName: 'HEZ Health Plan',
        purpose: '00',
        actionCode: '4',
        fileDate: today,
      },
    ]);
  });

  it("gives every covered member with the database's SSN, names, date of birth and plan codes", async () => {
    const { members } = await readAll(file);
    const subs = await t.db
      .select()
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, 2), isNull(subscribers.termDate)))
      .orderBy(asc(subscribers.subscriberPK));
    const subPKs = subs.map((s) => s.subscriberPK);
    const deps = await t.db
      .select()
      .from(dependents)
      .where(and(inArray(dependents.subscriberPK, subPKs), isNull(dependents.termDate)));
    const covs = await t.db
      .select({ subscriberPK: coverages.subscriberPK, dependentPK: coverages.dependentPK, planCode: plans.planCode })
      .from(coverages)
      .innerJoin(plans, eq(plans.planPK, coverages.planPK))
      .where(
        and(
          inArray(coverages.subscriberPK, subPKs),
          inArray(plans.planType, ['Medical', 'Dental']),
          or(isNull(coverages.endDate), gte(coverages.endDate, today)),
        ),
      );
    const fsa = await t.db
      .select({ subscriberPK: fsaElections.subscriberPK, planCode: plans.planCode })
      .from(fsaElections)
      .innerJoin(plans, eq(plans.planPK, fsaElections.planPK))
      .where(and(inArray(fsaElections.subscriberPK, subPKs), gte(plans.contractEndDate, today)));

    type Person = { ssn: string | null; lastName: string; firstName: string; middleName: string; dateOfBirth: string };
    const expected = new Map<string, Person & { planCodes: string[] }>();
    const subscriberIDs = new Map(subs.map((s) => [s.subscriberPK, s.subscriberID]));
    const add = (key: string, person: Person, planCodes: string[]) => {
      if (planCodes.length > 0) expected.set(key, { ...person, planCodes: planCodes.sort() });
    };
    for (const s of subs)
      add(
        `${s.subscriberID}|self`,
        {
          ssn: s.ssn,
          lastName: s.lastName,
          firstName: s.firstName,
          middleName: s.middleName ?? '',
          dateOfBirth: s.dateOfBirth,
        },
        [
          ...covs.filter((c) => c.subscriberPK === s.subscriberPK && c.dependentPK === null).map((c) => c.planCode),
          ...fsa.filter((f) => f.subscriberPK === s.subscriberPK).map((f) => f.planCode),
        ],
      );
    for (const d of deps)
      add(
        `${subscriberIDs.get(d.subscriberPK)}|${d.firstName}|${d.dateOfBirth}`,
        {
          ssn: d.ssn || null,
          lastName: d.lastName,
          firstName: d.firstName,
          middleName: d.middleInitial ?? '',
          dateOfBirth: d.dateOfBirth,
        },
        covs.filter((c) => c.dependentPK === d.dependentPK).map((c) => c.planCode),
      );

    const read = new Map(
      members.map((m) => [
        m.relationshipCode === '18' ? `${m.subscriberKey}|self` : `${m.subscriberKey}|${m.firstName}|${m.dateOfBirth}`,
        {
          ssn: m.ssn,
          lastName: m.lastName,
          firstName: m.firstName,
          middleName: m.middleName,
          dateOfBirth: m.dateOfBirth,
          planCodes: m.coverages.map((c) => c.planCode).sort(),
        },
      ]),
    );
    expect(expected.size).toBeGreaterThan(50);
    expect(read.size).toBe(members.length);
    expect(read).toEqual(expected);

    expect(new Set(members.map((m) => m.maintenanceType))).toEqual(new Set(['030']));
    expect(new Set(members.map((m) => m.relationshipCode)).has('19')).toBe(true);
    for (const m of members) {
      expect(m.coverages.every((c) => c.begin && /^\d{4}-\d\d-\d\d$/.test(c.begin))).toBe(true);
      expect(['M', 'F', 'U']).toContain(m.gender);
      expect(m.zip).toMatch(/^\d{5}(-\d{4})?$/);
      expect(m.segmentNumber).toBeGreaterThan(8);
    }
    const subscriber = members.find((m) => m.relationshipCode === '18')!;
    const row = subs.find((s) => s.subscriberID === subscriber.subscriberKey)!;
    expect(subscriber).toMatchObject({
      address1: row.address1,
      city: row.city,
      zip: row.zipCode,
      dateOfHire: row.dateOfHire,
    });
  });

  it('reads the file fed in 7-byte chunks as it reads one buffer', async () => {
    expect(await readAll(chunked(file, 7))).toEqual(await readAll(file));
  });

  it('reads other delimiters, line breaks after the terminator, and a line break as the terminator', async () => {
    const whole = await readAll(file);
    const text = file.toString('utf8');
    const map: Record<string, string> = { '*': '|', ':': '>', '^': '{', '~': '~\r\n' };
    const other = text.replace(/[*:^~]/g, (c) => map[c]!);
    expect(other.slice(0, 4)).toBe('ISA|');
    expect(await readAll(chunked(Buffer.from(other), 5))).toEqual(whole);
    const lines = text.replaceAll('~', '\n');
    expect(
      await readAll(
        (async function* () {
          yield lines;
        })(),
      ),
    ).toEqual(whole);
  });

  it('skips segments it does not know and reads a UTF-8 name split across chunks', async () => {
    const text = file
      .toString('utf8')
      .replace(/NM1\*IL\*1\*[^*]*\*/, 'NM1*IL*1*MÜLLER-ÅSTRÖM*')
      .replace(/~INS\*/, '~ZZZ*anything~INS*');
    const st = text.indexOf('ST*834');
    const se = text.indexOf('~SE*') + 1;
    const count = text.slice(st, se).split('~').length; // the ST..INS segments plus the SE itself
    const fixed = text.replace(/SE\*\d+\*/, `SE*${count}*`);
    const { members } = await readAll(chunked(Buffer.from(fixed), 3));
    expect(members[0]!.lastName).toBe('MÜLLER-ÅSTRÖM');
  });
});

describe("another administrator's file", () => {
  it('is read with its own identifiers, ranges, contact and other loops left out', async () => {
    const isa =
      'ISA!00!          !00!          !ZZ!SENDER         !ZZ!RECEIVER       !261126!0930!{!00501!000000042!0!P!}\n';
    expect(isa.length).toBe(106);
    const body = [
      'GS!BE!SENDER!RECEIVER!20261126!0930!42!X!005010X220A1',
      'ST!834!0042!005010X220A1',
      'BGN!00!REF42!20261125!0930!!!!RX',
      'N1!P5!ACME WIDGETS!FI!12-3456789',
      'N1!IN!OTHER CARRIER!FI!999999999',
      'N1!BO!SOME BROKER!94!BRK1',
      'INS!Y!18!030!XN!A!!!FT',
      'REF!0F!E1001',
      'REF!23!MBR-77',
      'DTP!336!D8!20190301',
      'NM1!IL!1!GARCÍA!ANA!M!!!ZZ!X12345',
      'PER!IP!!WP!(217) 555-0101!EM!ana@example.com!HP!2175550199',
      'N3!1 ELM ST!APT 2',
      'N4!SPRINGFIELD!IL!62701',
      'DMG!D8!19850704!F!M',
      'NM1!31!1',
      'N3!PO BOX 9',
      'N4!CHICAGO!IL!60601',
      'HD!030!!HLT!!EMP',
      'DTP!348!RD8!20260101-20261231',
      'REF!1L!GRP-MED-9',
      'LX!1',
      'NM1!P3!1!DOC!WHO',
      'N3!99 CLINIC RD',
      'HD!030!!VIS!VIS-1!EMP',
      'DTP!348!D8!20260101',
      'LS!2700',
      'LX!1',
      'N1!75!ANYTHING',
      'LE!2700',
      'SE!30!0042',
      'GE!1!42',
      'IEA!1!000000042',
    ];
    const text = isa + body.map((s) => `${s}\n`).join('');
    const { headers, members } = await readAll(chunked(Buffer.from(text), 11));
    expect(headers).toEqual([
      {
        sponsorName: 'ACME WIDGETS',
        sponsorTaxId: '12-3456789',
        payerName: 'OTHER CARRIER',
        purpose: '00',
        actionCode: 'RX',
        fileDate: '2026-11-25',
      },
    ]);
    expect(members).toEqual([
      {
        relationshipCode: '18',
        maintenanceType: '030',
        subscriberKey: 'E1001',
        ssn: null,
        memberId: 'MBR-77',
        lastName: 'GARCÍA',
        firstName: 'ANA',
        middleName: 'M',
        address1: '1 ELM ST',
        address2: 'APT 2',
        city: 'SPRINGFIELD',
        state: 'IL',
        zip: '62701',
        phone: '2175550101',
        email: 'ana@example.com',
        dateOfBirth: '1985-07-04',
        gender: 'F',
        maritalStatus: 'M',
        dateOfHire: '2019-03-01',
        coverages: [
          { insuranceLine: 'HLT', planCode: 'GRP-MED-9', coverageLevel: 'EMP', begin: '2026-01-01', end: '2026-12-31' },
          { insuranceLine: 'VIS', planCode: 'VIS-1', coverageLevel: 'EMP', begin: '2026-01-01', end: null },
        ],
        segmentNumber: 8,
      },
    ]);
  });
});

describe('a file that is no usable 834', () => {
  const text = () => file.toString('utf8');

  it('does not begin with ISA', async () => {
    expect(await failure('hello,world\n1,2\n')).toBe(
      'This is not an X12 834 file: it does not begin with an ISA segment.',
    );
    expect(await failure('')).toMatch(/^This is not an X12 834 file/);
  });

  it('carries another transaction set', async () => {
    expect(await failure(text().replace('ST*834*', 'ST*270*'))).toBe(
      'This is not an X12 834 file: segment 3 (ST) begins a transaction set 270.',
    );
  });

  it('has no IEA or no SE', async () => {
    const noIea = text().replace(/IEA\*[^~]*~$/, '');
    expect(await failure(noIea)).toBe('The file ends without the IEA of the interchange begun at segment 1.');
    const noSe = text().replace(/SE\*[^~]*~/, '');
    expect(await failure(noSe)).toMatch(/^Segment \d+ \(GE\): the transaction set begun at segment 3 has no SE\.$/);
    const twice = text().replace(/IEA\*[^~]*~$/, '') + text();
    expect(await failure(twice)).toMatch(/^Segment \d+ \(ISA\): the interchange begun at segment 1 has no IEA\.$/);
    // Two whole interchanges one after the other are both read.
    const one = await readAll(file);
    const both = await readAll(Buffer.from(`${text()}\n${text()}`));
    expect(both.headers).toEqual([...one.headers, ...one.headers]);
    expect(both.members.map(({ segmentNumber: _, ...m }) => m)).toEqual(
      [...one.members, ...one.members].map(({ segmentNumber: _, ...m }) => m),
    );
    const cut = text().slice(0, text().indexOf('~SE*') + 1);
    expect(await failure(cut)).toBe('The file ends inside the transaction set begun at segment 3: it has no SE.');
  });

  it('counts its segments wrong in the SE', async () => {
    const wrong = text().replace(/SE\*(\d+)\*/, (_, n: string) => `SE*${Number(n) + 1}*`);
    expect(await failure(wrong)).toMatch(
      /^Segment \d+ \(SE\) counts \d+ segments; the transaction set begun at segment 3 has \d+\.$/,
    );
  });

  it('has a member loop without NM1*IL', async () => {
    const at = text().indexOf('NM1*IL*');
    const noName =
      text().slice(0, at) +
      text()
        .slice(at)
        .replace(/^NM1\*IL\*[^~]*~/, 'NM1*31*1~');
    expect(await failure(noName)).toMatch(/^Segment \d+ \(INS\): the member loop has no NM1\*IL segment/);
  });
});

/** The heap retained since it was made, after a full collection: `grew()` reads it, `peak` keeps the most. */
function heapWatch() {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  const before = process.memoryUsage().heapUsed;
  return {
    peak: 0,
    grew() {
      gc();
      this.peak = Math.max(this.peak, process.memoryUsage().heapUsed - before);
    },
  };
}

describe('a 100,000-member file', () => {
  const MEMBERS = 100_000;

  function member(i: number): FeedMember {
    const self = i % 3 === 0;
    return {
      subscriberID: `S${String(Math.floor(i / 3)).padStart(8, '0')}`,
      isSubscriber: self,
      relationship: self ? '18' : i % 3 === 1 ? '01' : '19',
      maintenance: FULL_FILE_MAINTENANCE,
      firstName: `FIRST${i}`,
      middleName: 'Q',
      lastName: `LAST${i}`,
      ssn: String(100_000_000 + i),
      dateOfBirth: '1980-02-29',
      gender: i % 2 ? 'F' : 'M',
      address1: `${i} MAIN STREET`,
      address2: null,
      city: 'SPRINGFIELD',
      state: 'IL',
      zipCode: '62701-1234',
      phone: self ? '2175550100' : null,
      email: self ? `member${i}@example.com` : null,
      hireDate: self ? '2015-06-01' : null,
      termDate: null,
      coverages: [
        { line: 'HLT', planCode: 'MED-PPO', level: 'FAM', begin: '2026-01-01', end: null },
        { line: 'DEN', planCode: 'DEN-BASIC', level: 'FAM', begin: '2026-01-01', end: '2026-12-31' },
      ],
    };
  }

  /** The file as chunks of about 64 KB, made as they are read. */
  async function* synthetic(count: number): AsyncGenerator<Buffer> {
    const header: FileHeader = {
      kind: 'full',
      controlNumber: 7,
      groupName: 'BIG GROUP',
      taxID: '123456789',
      policyNumber: 'BIG',
      date: '2026-11-26',
      time: '0930',
    };
    const head = headerSegments(header);
    let segments = head.length - 2;
    let pending: string[] = head;
    let size = 0;
    for (let i = 0; i < count; i++) {
      for (const s of memberSegments(member(i))) {
        pending.push(s);
        size += s.length;
        segments++;
      }
      if (size > 64 * 1024) {
        yield Buffer.from(pending.join(''));
        pending = [];
        size = 0;
      }
    }
    pending.push(...trailerSegments(header.controlNumber, segments + 1));
    yield Buffer.from(pending.join(''));
  }

  it('is read member by member in bounded memory', async () => {
    const heap = heapWatch();
    let count = 0;
    let last: Roster834Member | null = null;
    const started = performance.now();
    for await (const event of read834(synthetic(MEMBERS))) {
      if (event.kind !== 'member') continue;
      count++;
      last = event.member;
      if (count % 10_000 === 0) heap.grew();
    }
    const ms = performance.now() - started;
    // What making the chunks costs alone, measured on a fifth of the file.
    const made = performance.now();
    for await (const chunk of synthetic(MEMBERS / 5)) void chunk;
    const making = (performance.now() - made) * 5;
    console.log(
      `read834: ${count} members in ${(ms / 1000).toFixed(2)} s with the file made as it is read ` +
        `(making it alone about ${(making / 1000).toFixed(2)} s, so reading about ${((ms - making) / count).toFixed(3)} ms a member); ` +
        `retained heap growth at most ${(heap.peak / 1024 / 1024).toFixed(1)} MB`,
    );
    expect(count).toBe(MEMBERS);
    expect(last).toMatchObject({
      ssn: '100-09-9999',
      firstName: `FIRST${MEMBERS - 1}`,
      dateOfBirth: '1980-02-29',
      zip: '62701-1234',
      coverages: [
        { insuranceLine: 'HLT', planCode: 'MED-PPO', coverageLevel: 'FAM', begin: '2026-01-01', end: null },
        { insuranceLine: 'DEN', planCode: 'DEN-BASIC', coverageLevel: 'FAM', begin: '2026-01-01', end: '2026-12-31' },
      ],
    });
    expect(heap.peak).toBeLessThan(50 * 1024 * 1024);
  });

  it('is read member by member when given whole, as an upload is', async () => {
    const chunks: Buffer[] = [];
    for await (const chunk of synthetic(MEMBERS)) chunks.push(chunk);
    const file = Buffer.concat(chunks);
    chunks.length = 0;
    const heap = heapWatch();
    let count = 0;
    for await (const event of read834(file)) {
      if (event.kind !== 'member') continue;
      count++;
      // The first member is given before the file is read through: measured there and on the way.
      if (count === 1 || count % 10_000 === 0) heap.grew();
    }
    expect(count).toBe(MEMBERS);
    // Read at once, the file's members and its text held about 140 MB here.
    expect(heap.peak).toBeLessThan(20 * 1024 * 1024);
  });
});
