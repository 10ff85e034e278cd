import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { X12Interchange, X12Parser } from 'node-x12';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import type { CarrierFileItem } from '../../src/contracts/carrier-files';
import { REQUEST_TYPES, type RequestType } from '../../src/contracts/subscribers';
import {
  auditEvents,
  carrierBatchEntries,
  carrierFileChunks,
  carrierFiles,
  dependents,
  employers,
  requestStatusHistory,
  requests,
  subscribers,
} from '../db/schema';
import { localToday } from '../lib/calendar';
import { closeAllBatches, maintenanceFor } from '../services/carrier-feed';
import { processPendingRequests } from '../services/processing';
import { createTestApp, type TestApp } from '../test/test-app';

type Name = keyof typeof endpoints;
type Dependent = typeof dependents.$inferSelect;

const url = (name: Name, query?: Record<string, string | number>) =>
  endpointUrl(endpoints[name]) +
  (query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '');

let t: TestApp;
let feedDir: string;
beforeAll(async () => {
  t = await createTestApp();
  feedDir = await mkdtemp(join(tmpdir(), 'carrier-feed-'));
  process.env.CARRIER_FEED_DIR = feedDir;
});
afterAll(async () => {
  delete process.env.CARRIER_FEED_DIR;
  await rm(feedDir, { recursive: true, force: true });
  await t?.close();
});

async function call(email: string, name: Name, opts: { query?: Record<string, string | number>; body?: unknown } = {}) {
  return t.app.inject({
    method: endpoints[name].method,
    url: url(name, opts.query),
    headers: await t.auth(email),
    ...(opts.body === undefined ? {} : { payload: opts.body as object }),
  });
}

const closeBatch = async (email = 'hr@example.com', employerPK = 2) =>
  (await call(email, 'closeCarrierBatch', { body: { employerPK } })).json().file as CarrierFileItem | null;

async function download(file: CarrierFileItem, email = 'hr@example.com') {
  const res = await call(email, 'carrierFile', { query: { employerPK: 2, carrierFilePK: file.carrierFilePK } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

type Loop = { segments: string[][] };

/** The file parsed by node-x12: the transaction's segments as element arrays and its member loops. */
function parsed(edi: string) {
  const interchange = new X12Parser(true).parse(edi) as X12Interchange;
  const group = interchange.functionalGroups[0]!;
  const tx = group.transactions[0]!;
  const rows = tx.segments.map((s) => [s.tag, ...s.elements.map((e) => e.value)]);
  const loops: Loop[] = [];
  for (const row of rows) {
    if (row[0] === 'INS') loops.push({ segments: [] });
    loops.at(-1)?.segments.push(row);
  }
  const values = (s: { elements: { value: string }[] }) => s.elements.map((e) => e.value);
  return {
    isa: values(interchange.header),
    iea: values(interchange.trailer),
    gs: values(group.header),
    ge: values(group.trailer),
    st: values(tx.header),
    se: values(tx.trailer),
    rows,
    loops,
  };
}

const ins = (loop: Loop) => loop.segments[0]!.slice(1, 5).join('*');
const seg = (loop: Loop, tag: string, first?: string) =>
  loop.segments.find((s) => s[0] === tag && (first === undefined || s[1] === first));
const loopsOf = (file: ReturnType<typeof parsed>, subscriberID: string) =>
  file.loops.filter((l) => seg(l, 'REF', '0F')?.[2] === subscriberID);

async function subscriberOf(requestPK: number) {
  const [row] = await t.db
    .select({ s: subscribers })
    .from(requests)
    .innerJoin(subscribers, eq(subscribers.subscriberPK, requests.subscriberPK))
    .where(eq(requests.requestPK, requestPK));
  return row!.s;
}

/** A covered dependent of an active subscriber with no request yet, each call a different family. */
const usedFamilies = new Set<number>();
async function quietDependent(): Promise<Dependent> {
  const rows = await t.db
    .select({ d: dependents })
    .from(dependents)
    .innerJoin(subscribers, eq(subscribers.subscriberPK, dependents.subscriberPK))
    .where(
      and(
        eq(subscribers.employerPK, 2),
        isNull(subscribers.termDate),
        isNull(dependents.termDate),
        sql`exists (select 1 from coverages c where c.dependent_pk = ${dependents.dependentPK} and c.end_date is null)`,
        sql`not exists (select 1 from requests r where r.subscriber_pk = ${subscribers.subscriberPK})`,
      ),
    )
    .orderBy(asc(dependents.dependentPK))
    .limit(20);
  const d = rows.map((r) => r.d).find((x) => !usedFamilies.has(x.subscriberPK))!;
  usedFamilies.add(d.subscriberPK);
  return d;
}

describe('maintenance codes', () => {
  it('gives every request kind its INS03 maintenance type and INS04 reason', () => {
    const table = Object.fromEntries(REQUEST_TYPES.map((type) => [type, maintenanceFor(type)]));
    expect(table).toEqual({
      NewEnrollment: { type: '021', reason: '28' },
      Subscriber: { type: '001', reason: '25' },
      Dependent: { type: '001', reason: '25' },
      ChangeCoverage: { type: '001', reason: 'EC' },
      Terminate: { type: '024', reason: '07' },
      TerminateDependent: { type: '024', reason: '07' },
      OpenEnrollment: { type: '001', reason: 'EC' },
      LifeEvent: { type: '001', reason: 'EC' },
    } satisfies Record<RequestType, unknown>);
    expect(maintenanceFor('ChangeCoverage', true)).toEqual({ type: '021', reason: 'EC' });
    expect(maintenanceFor('LifeEvent', true)).toEqual({ type: '021', reason: 'EC' });
  });
});

describe('the change file of a batch', () => {
  const pushed = new Map<RequestType, number>();
  let file: CarrierFileItem;
  let edi: string;
  let dependentUpdated: Dependent;
  let dependentTermed: Dependent;

  beforeAll(async () => {
    // The seed's submitted requests (an update, a change of coverage, a termination) approved by HR, its
    // approved enrollment, and a dependent update and a dependent termination HR submits now.
    const submitted = await t.db
      .select()
      .from(requests)
      .where(and(eq(requests.employerPK, 2), eq(requests.status, 'Submitted')));
    for (const r of submitted.filter((x) => x.type !== 'NewEnrollment')) {
      // The seeded change of coverage starts before the plans on file; it is moved to today.
      if (r.type === 'ChangeCoverage')
        await t.db
          .update(requests)
          .set({ payload: { ...r.payload, effectiveDate: localToday() } })
          .where(eq(requests.requestPK, r.requestPK));
      const res = await call('hr@example.com', 'hrApproveRequest', { query: { requestPK: r.requestPK } });
      expect(res.statusCode).toBe(200);
    }
    dependentUpdated = await quietDependent();
    const update = await call('hr@example.com', 'updateDependent', {
      query: { dependentPK: dependentUpdated.dependentPK },
      body: {
        employerPK: 2,
        dependent: {
          dependentPK: dependentUpdated.dependentPK,
          firstName: 'Renamed',
          lastName: dependentUpdated.lastName,
          middleInitial: dependentUpdated.middleInitial ?? '',
          dateOfBirth: dependentUpdated.dateOfBirth,
          relationshipPK: dependentUpdated.relationshipPK,
          genderPK: dependentUpdated.genderPK,
          maritalStatusPK: dependentUpdated.maritalStatusPK,
          phone1: dependentUpdated.phone1 ?? '',
          phone2: dependentUpdated.phone2 ?? '',
          emailAddress: dependentUpdated.email ?? '',
          sameAddress: dependentUpdated.sameAddress,
          ...(dependentUpdated.ssnLast4 ? { ssnLast4: dependentUpdated.ssnLast4 } : {}),
        },
      },
    });
    expect(update.statusCode).toBe(200);
    dependentTermed = await quietDependent();
    const termination = await call('hr@example.com', 'terminateDependent', {
      body: {
        employerPK: 2,
        subscriberPK: dependentTermed.subscriberPK,
        dependentPK: dependentTermed.dependentPK,
        firstName: dependentTermed.firstName,
        lastName: dependentTermed.lastName,
        eventDate: localToday(),
        terminationDate: localToday(),
        reasonPK: 1,
      },
    });
    expect(termination.statusCode).toBe(200);

    const outcomes = await processPendingRequests(t.db);
    for (const o of outcomes) {
      const [row] = await t.db.select().from(requests).where(eq(requests.requestPK, o.requestPK));
      if (o.status === 'PushedToRemote' && row!.employerPK === 2) pushed.set(row!.type, o.requestPK);
    }
    // Open enrollment requests come by the group's hundred when a window closes (close-enrollment.test.ts);
    // a member's life event and its change file are in life-events.test.ts.
    expect([...pushed.keys()].sort()).toEqual(
      REQUEST_TYPES.filter((type) => type !== 'OpenEnrollment' && type !== 'LifeEvent').sort(),
    );

    file = (await closeBatch())!;
    edi = await download(file);
  });

  it('puts every pushed request in the open batch, noted on its history until the file is made', async () => {
    // The batch is closed now; the entries name the file and the notes name it too.
    const entries = await t.db.select().from(carrierBatchEntries).where(eq(carrierBatchEntries.employerPK, 2));
    expect(entries.map((e) => e.requestPK).sort()).toEqual([...pushed.values()].sort());
    expect(entries.every((e) => e.carrierFilePK === file.carrierFilePK)).toBe(true);
    for (const requestPK of pushed.values()) {
      const [row] = await t.db
        .select()
        .from(requestStatusHistory)
        .where(and(eq(requestStatusHistory.requestPK, requestPK), eq(requestStatusHistory.status, 'PushedToRemote')));
      expect(row!.note).toBe(`Sent to the carrier in ${file.fileName}.`);
    }
    const details = await call('hr@example.com', 'requestDetails', {
      query: { requestPK: pushed.get('Subscriber')!, needsView: 'true' },
    });
    expect(details.body).toContain(file.fileName);
  });

  it('is a checked, delivered change file with correct envelope counts and control numbers', async () => {
    expect(file).toMatchObject({ kind: 'change', status: 'Delivered', problems: [], controlNumber: 1 });
    expect(await readFile(join(feedDir, file.fileName), 'utf8')).toBe(edi);
    const f = parsed(edi);
    expect(f.gs.slice(0, 1)).toEqual(['BE']);
    expect(f.gs[7]).toBe('005010X220A1');
    expect(f.st).toEqual(['834', '0001', '005010X220A1']);
    expect(f.rows[0]!.slice(0, 2)).toEqual(['BGN', '00']);
    expect(f.rows[0]![8]).toBe('2');
    expect(f.rows.find((r) => r[0] === 'REF' && r[1] === '38')).toEqual(['REF', '38', 'G000002']);
    expect(f.rows.find((r) => r[0] === 'N1' && r[1] === 'P5')).toEqual([
      'N1',
      'P5',
      'Acme Manufacturing',
      'FI',
      '900000002',
    ]);
    expect(Number(f.se[0])).toBe(f.rows.length + 2);
    expect(f.se[1]).toBe(f.st[1]);
    expect(f.ge).toEqual(['1', '1']);
    expect(f.iea[0]).toBe('1');
    expect(edi.endsWith('GE*1*1~IEA*1*000000001~')).toBe(true);
    expect(f.loops).toHaveLength(file.members);
    expect(file.segments).toBe(f.rows.length + 2);
  });

  it('tells the carrier what each kind of request did, member by member', async () => {
    const f = parsed(edi);
    const enrolled = await subscriberOf(pushed.get('NewEnrollment')!);
    const enrolledLoops = loopsOf(f, enrolled.subscriberID);
    expect(ins(enrolledLoops[0]!)).toBe('Y*18*021*28');
    for (const l of enrolledLoops.slice(1)) expect(ins(l)).toMatch(/^N\*(01|19|53)\*021\*28$/);
    // The full SSN is in NM1*IL09 with qualifier 34, digits only.
    expect(seg(enrolledLoops[0]!, 'NM1')!.slice(8, 10)).toEqual(['34', enrolled.ssn.replaceAll('-', '')]);
    expect(seg(enrolledLoops[0]!, 'HD', '021')![3]).toBe('HLT');
    expect(seg(enrolledLoops[0]!, 'DTP', '336')![3]).toBe(enrolled.dateOfHire!.replaceAll('-', ''));

    // The seed's updated subscriber has no coverage in force: the carrier is not told about them.
    const updated = await subscriberOf(pushed.get('Subscriber')!);
    expect(loopsOf(f, updated.subscriberID)).toEqual([]);

    const changed = await subscriberOf(pushed.get('ChangeCoverage')!);
    expect(ins(loopsOf(f, changed.subscriberID)[0]!)).toBe('Y*18*001*EC');

    const termed = await subscriberOf(pushed.get('Terminate')!);
    const termLoops = loopsOf(f, termed.subscriberID);
    expect(ins(termLoops[0]!)).toBe('Y*18*024*07');
    for (const l of termLoops) {
      expect(l.segments[0]![3]).toBe('024');
      expect(seg(l, 'DTP', '357')![3]).toBe(termed.termDate!.replaceAll('-', ''));
      for (const end of l.segments.filter((s) => s[0] === 'DTP' && s[1] === '349'))
        expect(end[3]).toBe(termed.termDate!.replaceAll('-', ''));
    }

    const [parentOfUpdated] = await t.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.subscriberPK, dependentUpdated.subscriberPK));
    const depLoops = loopsOf(f, parentOfUpdated!.subscriberID);
    expect(depLoops.map(ins)).toEqual([expect.stringMatching(/^N\*\d\d\*001\*25$/)]);
    expect(seg(depLoops[0]!, 'NM1')![4]).toBe('Renamed');

    const [parentOfTermed] = await t.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.subscriberPK, dependentTermed.subscriberPK));
    const termedDep = loopsOf(f, parentOfTermed!.subscriberID);
    expect(termedDep.map(ins)).toEqual([expect.stringMatching(/^N\*\d\d\*024\*07$/)]);
    expect(seg(termedDep[0]!, 'DTP', '349')![3]).toBe(localToday().replaceAll('-', ''));
  });

  it('keeps the file encrypted at rest', async () => {
    const chunks = await t.db
      .select()
      .from(carrierFileChunks)
      .where(eq(carrierFileChunks.carrierFilePK, file.carrierFilePK));
    expect(chunks.length).toBeGreaterThan(0);
    const stored = Buffer.concat(chunks.map((c) => c.data)).toString('latin1');
    expect(stored).not.toContain('ISA*');
    expect(stored).not.toContain('INS*');
  });

  it('shows the file member by member with masked SSNs', async () => {
    const res = await call('broker@example.com', 'carrierFileView', {
      query: { employerPK: 2, carrierFilePK: file.carrierFilePK },
    });
    expect(res.statusCode).toBe(200);
    const view = res.json();
    const enrolled = await subscriberOf(pushed.get('NewEnrollment')!);
    expect(res.body).not.toContain(enrolled.ssn.replaceAll('-', ''));
    expect(res.body).not.toMatch(/\d{3}-\d{2}-\d{4}/);
    const member = view.members.find(
      (m: { subscriberID: string; subscriber: boolean }) => m.subscriberID === enrolled.subscriberID && m.subscriber,
    );
    expect(member).toMatchObject({
      maintenance: '021',
      maintenanceName: 'Addition',
      reasonName: 'Initial enrollment',
      ssn: `***-**-${enrolled.ssnLast4}`,
    });
    expect(member.coverages[0]).toMatchObject({ line: 'HLT', level: 'EMP' });
  });

  it('closes nothing when the batch is empty', async () => {
    expect(await closeBatch()).toBeNull();
  });

  it('marks the file Rejected by a 999 with AK5*R, with its errors, and Accepted by an accepting one', async () => {
    const ack = (status: string, errors: string[] = []) => {
      const body = [
        'ST*999*0001*005010X231A1~',
        `AK1*BE*${file.controlNumber}*005010X220A1~`,
        'AK2*834*0001*005010X220A1~',
        ...errors,
        `AK5*${status}~`,
        `AK9*${status}*1*1*${status === 'A' ? 1 : 0}~`,
      ];
      return [
        'ISA*00*          *00*          *ZZ*990000001      *ZZ*900000002      *260101*1200*^*00501*000000901*0*P*:~',
        'GS*FA*990000001*900000002*20260101*1200*901*X*005010X231A1~',
        ...body,
        `SE*${body.length + 1}*0001~`,
        'GE*1*901~',
        'IEA*1*000000901~',
      ].join('\n');
    };
    const rejected = await call('hr@example.com', 'carrierAcknowledgment', {
      body: { employerPK: 2, content: ack('R', ['IK3*NM1*12**8~', 'IK4*9*67*7~']) },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().file).toMatchObject({ status: 'Rejected' });
    expect(rejected.json().file.problems).toEqual([
      'Segment NM1 at position 12: error 8.',
      'Segment NM1 at position 12, element 9: error 7.',
    ]);
    const accepted = await call('hr@example.com', 'carrierAcknowledgment', {
      body: { employerPK: 2, content: ack('A') },
    });
    expect(accepted.json().file).toMatchObject({ status: 'Accepted', problems: [] });

    const unknown = await call('hr@example.com', 'carrierAcknowledgment', {
      body: { employerPK: 2, content: ack('A').replace(`AK1*BE*${file.controlNumber}`, 'AK1*BE*777') },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.content[0]).toBe('No carrier file of this group has control number 777.');
    const junk = await call('hr@example.com', 'carrierAcknowledgment', { body: { employerPK: 2, content: 'hello' } });
    expect(junk.statusCode).toBe(400);
    expect(junk.json().errors.content).toEqual(['The file is not an X12 interchange.']);
  });

  it('lists the files newest first with the open batch, paged on the server', async () => {
    const full = (await call('hr@example.com', 'generateFullFile', { body: { employerPK: 2 } })).json().file;
    const res = await call('broker@example.com', 'carrierFileList', { body: { employerPK: 2, pageSize: 1 } });
    expect(res.json()).toMatchObject({
      totalCount: 2,
      openBatch: 0,
      result: [{ carrierFilePK: full.carrierFilePK, kind: 'full', controlNumber: 2 }],
    });
    const second = await call('broker@example.com', 'carrierFileList', {
      body: { employerPK: 2, pageSize: 1, currentPage: 1, knownCount: 2 },
    });
    expect(second.json().result).toMatchObject([{ carrierFilePK: file.carrierFilePK, status: 'Accepted' }]);
  });
});

describe('the full file', () => {
  it('lists every member with coverage in force as 030 audit loops, and no terminated member', async () => {
    const res = await call('admin@example.com', 'generateFullFile', { body: { employerPK: 2 } });
    expect(res.statusCode).toBe(200);
    const file = res.json().file as CarrierFileItem;
    expect(file).toMatchObject({ kind: 'full', status: 'Delivered', problems: [] });
    const f = parsed(await download(file));
    expect(f.rows[0]![8]).toBe('4');
    expect(f.loops.length).toBe(file.members);
    expect(new Set(f.loops.map((l) => l.segments[0]![3]))).toEqual(new Set(['030']));
    expect(new Set(f.loops.map((l) => l.segments[0]![4]))).toEqual(new Set(['XN']));
    const termed = await t.db
      .select({ id: subscribers.subscriberID })
      .from(subscribers)
      .where(and(eq(subscribers.employerPK, 2), sql`${subscribers.termDate} is not null`));
    const listed = new Set(f.loops.map((l) => seg(l, 'REF', '0F')![2]));
    expect(termed.length).toBeGreaterThan(0);
    for (const s of termed) expect(listed.has(s.id)).toBe(false);
    for (const l of f.loops) expect(seg(l, 'HD')).toBeDefined();
  });

  it('is not delivered when it fails the checks, and says why', async () => {
    await t.db.update(employers).set({ taxID: null }).where(eq(employers.employerPK, 3));
    const res = await call('broker@example.com', 'generateFullFile', { body: { employerPK: 3 } });
    const file = res.json().file as CarrierFileItem;
    expect(file.status).toBe('Invalid');
    expect(file.problems[0]).toBe('The group has no tax ID on file for the sponsor (N1*P5).');
    expect(await readdir(feedDir)).not.toContain(file.fileName);
  });
});

describe('files a killed server left Generating', () => {
  it('checks and delivers a committed change file, and marks an hour-old full file Invalid', async () => {
    const [change] = await t.db
      .select()
      .from(carrierFiles)
      .where(and(eq(carrierFiles.employerPK, 2), eq(carrierFiles.kind, 'change')))
      .orderBy(asc(carrierFiles.carrierFilePK))
      .limit(1);
    const delivered = join(feedDir, change!.fileName);
    const content = await readFile(delivered, 'utf8');
    // Killed between the commit of the file and its check: Generating, not delivered.
    await rm(delivered);
    const interrupt = (createdAt: Date) =>
      t.db
        .update(carrierFiles)
        .set({ status: 'Generating', deliveredAt: null, createdAt })
        .where(eq(carrierFiles.carrierFilePK, change!.carrierFilePK));
    const statusOf = async (carrierFilePK: number) =>
      (await t.db.select().from(carrierFiles).where(eq(carrierFiles.carrierFilePK, carrierFilePK)))[0]!;

    // Just made: its own server may still be checking it.
    await interrupt(new Date());
    await closeAllBatches(t.db);
    expect((await statusOf(change!.carrierFilePK)).status).toBe('Generating');

    await interrupt(new Date(Date.now() - 2 * 60_000));
    const [abandoned] = await t.db
      .insert(carrierFiles)
      .values({
        employerPK: 2,
        kind: 'full',
        controlNumber: 999_999_001,
        fileName: 'interrupted.x12',
        status: 'Generating',
        createdBy: 'admin@example.com',
        createdAt: new Date(Date.now() - 2 * 60 * 60_000),
      })
      .returning();
    await closeAllBatches(t.db);
    expect(await statusOf(change!.carrierFilePK)).toMatchObject({ status: 'Delivered', problems: [] });
    expect(await readFile(delivered, 'utf8')).toBe(content);
    expect(await statusOf(abandoned!.carrierFilePK)).toMatchObject({
      status: 'Invalid',
      problems: ['The file was interrupted before it was complete; generate it again.'],
    });
  });
});

describe('authorization and audit', () => {
  it('serves HR, brokers and GroupAdmin of the group; refuses other roles and groups', async () => {
    const list = (email: string, employerPK = 2) => call(email, 'carrierFileList', { body: { employerPK } });
    for (const email of ['hr@example.com', 'broker@example.com', 'admin@example.com'])
      expect((await list(email)).statusCode).toBe(200);
    for (const email of ['claims@example.com', 'idcard@example.com', 'auditor@example.com'])
      expect((await list(email)).statusCode).toBe(403);
    expect((await list('hr@example.com', 3)).statusCode).toBe(403);
    expect((await call('claims@example.com', 'generateFullFile', { body: { employerPK: 2 } })).statusCode).toBe(403);
  });

  it('answers a file of another group as missing', async () => {
    const [own] = (await (await call('hr@example.com', 'carrierFileList', { body: { employerPK: 2 } })).json())
      .result as CarrierFileItem[];
    const res = await call('broker@example.com', 'carrierFile', {
      query: { employerPK: 3, carrierFilePK: own!.carrierFilePK },
    });
    expect(res.statusCode).toBe(404);
  });

  it('audits every download and view as a read of member data, and refusals', async () => {
    const [own] = (await (await call('hr@example.com', 'carrierFileList', { body: { employerPK: 2 } })).json())
      .result as CarrierFileItem[];
    const before = await t.db.select().from(auditEvents).where(eq(auditEvents.endpoint, 'carrierFile'));
    await call('broker@example.com', 'carrierFile', { query: { employerPK: 2, carrierFilePK: own!.carrierFilePK } });
    await call('claims@example.com', 'carrierFile', { query: { employerPK: 2, carrierFilePK: own!.carrierFilePK } });
    const rows = await t.db.select().from(auditEvents).where(eq(auditEvents.endpoint, 'carrierFile'));
    const added = rows.slice(before.length);
    expect(added.map((r) => [r.action, r.status, r.employerPK])).toEqual([
      ['access.read', 200, 2],
      ['access.refused', 403, 2],
    ]);
    const views = await t.db.select().from(auditEvents).where(eq(auditEvents.endpoint, 'carrierFileView'));
    expect(views.length).toBeGreaterThan(0);
  });
});
