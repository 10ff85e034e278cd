import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, gte, isNull, like, or, sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import { FSA_TYPES } from '../../src/contracts/plans';
import { todayIsoDate } from '../../src/contracts/person-rules';
import { coverages, employers, fsaElections, idCards, subscribers } from '../db/schema';
import { escapeXml } from '../pdf/id-card-svg';
import { NO_COVERAGE_MESSAGE, NO_ID_CARD_MESSAGE } from '../services/members';
import { createTestApp, type TestApp } from '../test/test-app';

const FULL_SSN = /\d{3}-\d{2}-\d{4}/;
type Name = keyof typeof endpoints;
const url = (name: Name, query: Record<string, number>) =>
  `${endpointUrl(endpoints[name])}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const get = async (email: string, name: Name, query: Record<string, number>) =>
  t.app.inject({ method: 'GET', url: url(name, query), headers: await t.auth(email) });
const post = async (email: string, name: Name, query: Record<string, number>) =>
  t.app.inject({ method: 'POST', url: url(name, query), headers: await t.auth(email) });

async function pdfText(data: Buffer): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(data), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n');
}

const svgOf = (dataUrl: string) => {
  const prefix = 'data:image/svg+xml;base64,';
  expect(dataUrl.startsWith(prefix)).toBe(true);
  return Buffer.from(dataUrl.slice(prefix.length), 'base64').toString('utf8');
};

// Members with current coverage, each test taking its own so card counts stay predictable.
const used = new Set<number>();
async function coveredSubscriber(opts: { employerPK?: number; withCard?: boolean; name?: string } = {}) {
  const today = todayIsoDate();
  const hasCard = sql`exists (select 1 from id_cards c where c.subscriber_pk = ${subscribers.subscriberPK})`;
  const rows = await t.db
    .selectDistinct({ s: subscribers })
    .from(subscribers)
    .innerJoin(coverages, and(eq(coverages.subscriberPK, subscribers.subscriberPK), isNull(coverages.dependentPK)))
    .where(
      and(
        eq(subscribers.employerPK, opts.employerPK ?? 2),
        or(isNull(coverages.endDate), gte(coverages.endDate, today)),
        opts.withCard === undefined ? undefined : opts.withCard ? hasCard : sql`not ${hasCard}`,
        opts.name ? like(subscribers.lastName, opts.name) : undefined,
      ),
    )
    .orderBy(subscribers.subscriberPK);
  const row = rows.find((r) => !used.has(r.s.subscriberPK));
  if (!row) throw new Error('no suitable seeded subscriber');
  used.add(row.s.subscriberPK);
  return row.s;
}

describe('who may use ID cards and FSA information', () => {
  it('serves the ID card role the ID card calls, but not FSA information', async () => {
    const s = await coveredSubscriber({ withCard: true });
    expect((await get('idcard@example.com', 'viewIdCard', { subscriberPK: s.subscriberPK })).statusCode).toBe(200);
    expect((await get('idcard@example.com', 'idCardPdf', { subscriberPK: s.subscriberPK })).statusCode).toBe(200);
    expect((await post('idcard@example.com', 'requestIdCard', { subscriberPK: s.subscriberPK })).statusCode).toBe(200);
    expect((await get('idcard@example.com', 'fsaInformation', { subscriberPK: s.subscriberPK })).statusCode).toBe(403);
  });

  it('serves HR, brokers and group admins ID cards and FSA information', async () => {
    const s = await coveredSubscriber({ withCard: true });
    for (const email of ['hr@example.com', 'broker@example.com', 'admin@example.com']) {
      expect((await get(email, 'viewIdCard', { subscriberPK: s.subscriberPK })).statusCode, email).toBe(200);
      expect((await get(email, 'idCardPdf', { subscriberPK: s.subscriberPK })).statusCode, email).toBe(200);
      expect((await get(email, 'fsaInformation', { subscriberPK: s.subscriberPK })).statusCode, email).toBe(200);
    }
  });

  it('refuses the claims-only role everything here', async () => {
    const s = await coveredSubscriber({ withCard: true });
    const [card] = await t.db.select().from(idCards).where(eq(idCards.subscriberPK, s.subscriberPK)).limit(1);
    const email = 'claims@example.com';
    expect((await post(email, 'requestIdCard', { subscriberPK: s.subscriberPK })).statusCode).toBe(403);
    expect((await get(email, 'viewIdCard', { subscriberPK: s.subscriberPK })).statusCode).toBe(403);
    expect((await get(email, 'idCardPdf', { subscriberPK: s.subscriberPK })).statusCode).toBe(403);
    expect((await get(email, 'idCardPdf', { idCardPK: card!.idCardPK })).statusCode).toBe(403);
    expect((await get(email, 'fsaInformation', { subscriberPK: s.subscriberPK })).statusCode).toBe(403);
  });

  it('answers 404 for another group’s subscriber or card, and issues nothing there', async () => {
    const other = await coveredSubscriber({ employerPK: 3, withCard: true });
    const [card] = await t.db.select().from(idCards).where(eq(idCards.subscriberPK, other.subscriberPK)).limit(1);
    const before = await t.db.$count(idCards, eq(idCards.subscriberPK, other.subscriberPK));
    const email = 'hr@example.com';
    expect((await post(email, 'requestIdCard', { subscriberPK: other.subscriberPK })).statusCode).toBe(404);
    expect((await get(email, 'viewIdCard', { subscriberPK: other.subscriberPK })).statusCode).toBe(404);
    expect((await get(email, 'idCardPdf', { subscriberPK: other.subscriberPK })).statusCode).toBe(404);
    expect((await get(email, 'idCardPdf', { idCardPK: card!.idCardPK })).statusCode).toBe(404);
    expect((await get(email, 'fsaInformation', { subscriberPK: other.subscriberPK })).statusCode).toBe(404);
    expect(await t.db.$count(idCards, eq(idCards.subscriberPK, other.subscriberPK))).toBe(before);
    // A broker of both groups may see it.
    expect((await get('broker@example.com', 'viewIdCard', { subscriberPK: other.subscriberPK })).statusCode).toBe(200);
  });

  it('answers 404 for a card named together with a subscriber it does not belong to', async () => {
    const mine = await coveredSubscriber({ withCard: true });
    const another = await coveredSubscriber({ withCard: true });
    const [card] = await t.db.select().from(idCards).where(eq(idCards.subscriberPK, another.subscriberPK)).limit(1);
    const email = 'hr@example.com';
    expect(
      (await get(email, 'viewIdCard', { subscriberPK: mine.subscriberPK, idCardPK: card!.idCardPK })).statusCode,
    ).toBe(404);
    expect(
      (await get(email, 'idCardPdf', { subscriberPK: mine.subscriberPK, idCardPK: card!.idCardPK })).statusCode,
    ).toBe(404);
    // An unknown card in a known subscriber's name, and neither parameter at all.
    expect((await get(email, 'viewIdCard', { subscriberPK: mine.subscriberPK, idCardPK: 99_999_999 })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: endpointUrl(endpoints.idCardPdf), headers: await t.auth(email) }))
        .statusCode,
    ).toBe(400);
  });
});

describe('RequestIDCard and ViewIDCard', () => {
  it('issues a card that becomes the latest, with SVG images of the member’s card', async () => {
    const s = await coveredSubscriber({ withCard: true });
    const [previous] = await t.db
      .select()
      .from(idCards)
      .where(eq(idCards.subscriberPK, s.subscriberPK))
      .orderBy(desc(idCards.idCardPK))
      .limit(1);
    const requested = await post('hr@example.com', 'requestIdCard', { subscriberPK: s.subscriberPK });
    expect(requested.statusCode).toBe(200);
    const { idCardPK } = requested.json() as { idCardPK: number };
    expect(idCardPK).toBeGreaterThan(previous!.idCardPK);
    const [stored] = await t.db.select().from(idCards).where(eq(idCards.idCardPK, idCardPK));
    expect(stored).toMatchObject({ subscriberPK: s.subscriberPK, requestedBy: 'user-hr', dependentPK: null });
    expect(stored!.cardNumber).toMatch(/^W\d{9}$/);

    const viewed = await get('hr@example.com', 'viewIdCard', { subscriberPK: s.subscriberPK });
    expect(viewed.statusCode).toBe(200);
    expect(viewed.body).not.toMatch(FULL_SSN);
    const card = viewed.json() as { idCardPK: number; frontImage: string; backImage: string };
    expect(card.idCardPK).toBe(idCardPK);
    const front = svgOf(card.frontImage);
    const back = svgOf(card.backImage);
    expect(front).toMatch(/^<svg [^>]*>.*<\/svg>$/s);
    expect(front).toContain(escapeXml(`${s.firstName} ${s.lastName}`));
    expect(front).toContain(escapeXml(s.subscriberID));
    expect(front).toContain(stored!.cardNumber);
    expect(front).toContain(escapeXml('Acme Manufacturing'));
    expect(front).toMatch(/Issued \d{4}-\d{2}-\d{2}/);
    expect(back).toContain(stored!.cardNumber);
    expect(back).toContain('Customer Service');
    expect(front + back).not.toContain(s.ssn);

    // The earlier card can still be named.
    const older = await get('hr@example.com', 'viewIdCard', {
      subscriberPK: s.subscriberPK,
      idCardPK: previous!.idCardPK,
    });
    expect(older.statusCode).toBe(200);
    expect(older.json().idCardPK).toBe(previous!.idCardPK);
    expect(svgOf(older.json().frontImage)).toContain(previous!.cardNumber);
  });

  it('escapes member names with punctuation in the SVG', async () => {
    const s = await coveredSubscriber({ name: "%'%" });
    const requested = await post('hr@example.com', 'requestIdCard', { subscriberPK: s.subscriberPK });
    expect(requested.statusCode).toBe(200);
    const front = svgOf(
      (await get('hr@example.com', 'viewIdCard', { subscriberPK: s.subscriberPK })).json().frontImage,
    );
    expect(front).toContain(escapeXml(s.lastName));
    expect(front).not.toContain(s.lastName);
  });

  it('answers 404 with a message when the member has no card yet', async () => {
    const s = await coveredSubscriber({ withCard: false });
    const res = await get('hr@example.com', 'viewIdCard', { subscriberPK: s.subscriberPK });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, detail: NO_ID_CARD_MESSAGE });
    expect((await get('hr@example.com', 'idCardPdf', { subscriberPK: s.subscriberPK })).json()).toMatchObject({
      status: 404,
      detail: NO_ID_CARD_MESSAGE,
    });
  });

  it('refuses a card for a member without current coverage', async () => {
    const [termed] = await t.db
      .select()
      .from(subscribers)
      .where(
        and(
          eq(subscribers.employerPK, 2),
          sql`${subscribers.termDate} < ${todayIsoDate()}`,
          sql`not exists (select 1 from coverages c where c.subscriber_pk = ${subscribers.subscriberPK}
                and (c.end_date is null or c.end_date >= ${todayIsoDate()}))`,
        ),
      )
      .limit(1);
    const res = await post('hr@example.com', 'requestIdCard', { subscriberPK: termed!.subscriberPK });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: NO_COVERAGE_MESSAGE });
  });
});

describe('ViewIDCardPDFforGroup', () => {
  it('answers the latest card as an inline PDF with the group’s and member’s names, never an SSN', async () => {
    const s = await coveredSubscriber({ withCard: true });
    const { idCardPK } = (await post('hr@example.com', 'requestIdCard', { subscriberPK: s.subscriberPK })).json() as {
      idCardPK: number;
    };
    const [card] = await t.db.select().from(idCards).where(eq(idCards.idCardPK, idCardPK));

    const res = await get('idcard@example.com', 'idCardPdf', { subscriberPK: s.subscriberPK });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="ID Card ${s.subscriberID}.pdf"; filename*=UTF-8''${encodeURIComponent(`ID Card ${s.subscriberID}.pdf`)}`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Acme Manufacturing');
    expect(text).toContain(`${s.firstName} ${s.lastName}`);
    expect(text).toContain(card!.cardNumber);
    expect(text).toContain('Customer Service');
    expect(text).not.toMatch(FULL_SSN);
    expect(text).not.toContain(s.ssn);
  });

  it('answers a named card of another group’s member to a broker of that group', async () => {
    const s = await coveredSubscriber({ employerPK: 3, withCard: true });
    const [card] = await t.db.select().from(idCards).where(eq(idCards.subscriberPK, s.subscriberPK)).limit(1);
    const [group] = await t.db.select().from(employers).where(eq(employers.employerPK, 3));
    const res = await get('broker@example.com', 'idCardPdf', { idCardPK: card!.idCardPK });
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(group!.employerName);
    expect(text).toContain(card!.cardNumber);
    expect(text).not.toMatch(FULL_SSN);
  });
});

describe('GetFSAInformation', () => {
  it('lists elections with type, year, amounts and plan end', async () => {
    const [election] = await t.db
      .select({ subscriberPK: fsaElections.subscriberPK })
      .from(fsaElections)
      .innerJoin(subscribers, eq(subscribers.subscriberPK, fsaElections.subscriberPK))
      .where(eq(subscribers.employerPK, 2))
      .limit(1);
    const stored = await t.db.select().from(fsaElections).where(eq(fsaElections.subscriberPK, election!.subscriberPK));
    const res = await get('hr@example.com', 'fsaInformation', { subscriberPK: election!.subscriberPK });
    expect(res.statusCode).toBe(200);
    const { result } = res.json() as { result: Record<string, unknown>[] };
    expect(result).toHaveLength(stored.length);
    for (const item of result) {
      expect(Object.keys(item).sort()).toEqual([
        'AvailableBalance',
        'electionAmount',
        'fsaName',
        'fsaType',
        'fsaYear',
        'planEnd',
      ]);
      expect(FSA_TYPES).toContain(item.fsaType);
      expect(item.fsaType).toBe(/dependent care/i.test(String(item.fsaName)) ? 'Dependent Care' : 'Health Care');
      expect(typeof item.electionAmount).toBe('number');
      expect(typeof item.AvailableBalance).toBe('number');
      expect(item.planEnd).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    }
    expect(result.map((r) => r.electionAmount).sort()).toEqual(stored.map((s) => s.electionAmount).sort());
  });

  it('answers an empty list for a subscriber without elections', async () => {
    const [none] = await t.db
      .select({ subscriberPK: subscribers.subscriberPK })
      .from(subscribers)
      .where(
        and(
          eq(subscribers.employerPK, 2),
          sql`not exists (select 1 from fsa_elections f where f.subscriber_pk = ${subscribers.subscriberPK})`,
        ),
      )
      .limit(1);
    const res = await get('broker@example.com', 'fsaInformation', { subscriberPK: none!.subscriberPK });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: [] });
  });
});
