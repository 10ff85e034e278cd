import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, gte, lte } from 'drizzle-orm';
import { endpointUrl } from '../../src/contracts/endpoint';
import { endpoints } from '../../src/contracts/endpoints';
import type { DocumentKind } from '../../src/contracts/documents';
import { documents } from '../db/schema';
import { createMinimalPdf } from '../db/seed/minimal-pdf';
import { createTestApp, type TestApp } from '../test/test-app';

type ListName = 'fundingReportList' | 'invoiceList' | 'specAggFileList';
type FileName = 'getFundingReport' | 'getInvoice' | 'specAggFile';
type Item = { createDate: string; documentName: string };

const KINDS: { kind: DocumentKind; list: ListName; file: FileName; param: 'fileName' | 'file'; email: string }[] = [
  {
    kind: 'funding',
    list: 'fundingReportList',
    file: 'getFundingReport',
    param: 'fileName',
    email: 'finance@example.com',
  },
  { kind: 'invoice', list: 'invoiceList', file: 'getInvoice', param: 'fileName', email: 'finance@example.com' },
  { kind: 'monthly', list: 'specAggFileList', file: 'specAggFile', param: 'file', email: 'reports@example.com' },
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function list(
  email: string,
  name: ListName,
  body: { currentPage?: number; pageSize?: number; filterOptions: Record<string, unknown>; knownCount?: number },
) {
  return t.app.inject({
    method: 'POST',
    url: endpointUrl(endpoints[name]),
    headers: await t.auth(email),
    payload: body,
  });
}

function fileUrl(name: FileName, params: Record<string, string | number>) {
  return `${endpointUrl(endpoints[name])}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
}

async function download(email: string, name: FileName, params: Record<string, string | number>) {
  return t.app.inject({ method: 'GET', url: fileUrl(name, params), headers: await t.auth(email) });
}

describe.each(KINDS)('$list and $file', ({ kind, list: listName, file, param, email }) => {
  it('pages newest first, ten at a time, zero-based', async () => {
    const first = await list(email, listName, { currentPage: 0, pageSize: 10, filterOptions: { employerPK: 2 } });
    expect(first.statusCode).toBe(200);
    const page0 = first.json() as { result: Item[]; totalCount: number; pageSize: number };
    const [total] = await t.db
      .select({ n: count() })
      .from(documents)
      .where(and(eq(documents.employerPK, 2), eq(documents.kind, kind)));
    expect(page0).toMatchObject({ totalCount: total!.n, pageSize: 10 });
    expect(page0.result).toHaveLength(Math.min(10, total!.n));
    const dates = page0.result.map((d) => d.createDate);
    expect(dates).toEqual([...dates].sort().reverse());

    const page1 = (
      await list(email, listName, { currentPage: 1, pageSize: 10, filterOptions: { employerPK: 2 } })
    ).json() as typeof page0;
    expect(page1.result).toHaveLength(total!.n - 10);
    expect(page1.result[0]!.documentName).not.toBe(page0.result[0]!.documentName);
    expect(page1.result[0]!.createDate <= page0.result.at(-1)!.createDate).toBe(true);
    // Later pages bring the total of their filter: the server answers it back without counting.
    const held = (
      await list(email, listName, {
        currentPage: 1,
        pageSize: 10,
        filterOptions: { employerPK: 2 },
        knownCount: total!.n + 3,
      })
    ).json();
    expect(held).toEqual({ ...page1, totalCount: total!.n + 3 });

    const five = (
      await list(email, listName, { currentPage: 0, pageSize: 5, filterOptions: { employerPK: 2 } })
    ).json();
    expect(five).toMatchObject({ pageSize: 5, totalCount: total!.n });
    expect(five.result).toHaveLength(5);
  });

  it('filters on createDate, both ends inclusive', async () => {
    const all = (await list(email, listName, { pageSize: 100, filterOptions: { employerPK: 2 } })).json()
      .result as Item[];
    const start = all[6]!.createDate;
    const end = all[2]!.createDate;
    const res = (
      await list(email, listName, { pageSize: 100, filterOptions: { employerPK: 2, startDate: start, endDate: end } })
    ).json();
    const [expected] = await t.db
      .select({ n: count() })
      .from(documents)
      .where(
        and(
          eq(documents.employerPK, 2),
          eq(documents.kind, kind),
          gte(documents.createDate, start),
          lte(documents.createDate, end),
        ),
      );
    expect(res.totalCount).toBe(expected!.n);
    expect(res.result.map((d: Item) => d.createDate)).toEqual(expect.arrayContaining([start, end]));
    for (const d of res.result as Item[]) expect(d.createDate >= start && d.createDate <= end).toBe(true);
    const empty = (
      await list(email, listName, { filterOptions: { employerPK: 2, startDate: '2000-01-01', endDate: '2000-01-31' } })
    ).json();
    expect(empty).toEqual({ result: [], totalCount: 0, pageSize: 10 });
    const blank = (
      await list(email, listName, { filterOptions: { employerPK: 2, startDate: '', endDate: '' } })
    ).json();
    expect(blank.totalCount).toBe(all.length);
  });

  it('downloads the stored PDF as an attachment named after the document', async () => {
    const [item] = (await list(email, listName, { filterOptions: { employerPK: 2 } })).json().result as Item[];
    const res = await download(email, file, { employerPK: 2, [param]: item!.documentName });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment');
    expect(res.headers['content-disposition']).toContain(`filename="${item!.documentName}"`);
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const [stored] = await t.db
      .select({ content: documents.content })
      .from(documents)
      .where(
        and(eq(documents.employerPK, 2), eq(documents.kind, kind), eq(documents.documentName, item!.documentName)),
      );
    expect(res.rawPayload.equals(stored!.content)).toBe(true);
  });

  it('answers 404 for names of another group or kind, unknown names and anything path-like', async () => {
    const otherGroupOnly = `${kind} of group 3 only.pdf`;
    const pathInDb = `archive/${kind}.pdf`;
    await t.db.insert(documents).values([
      {
        employerPK: 3,
        kind,
        documentName: otherGroupOnly,
        createDate: '2020-01-01',
        content: createMinimalPdf({ title: 'x', lines: [] }),
      },
      {
        employerPK: 2,
        kind,
        documentName: pathInDb,
        createDate: '2020-01-01',
        content: createMinimalPdf({ title: 'x', lines: [] }),
      },
    ]);
    const otherKind = KINDS.find((k) => k.kind !== kind)!;
    const [ofOtherKind] = await t.db
      .select({ name: documents.documentName })
      .from(documents)
      .where(and(eq(documents.employerPK, 2), eq(documents.kind, otherKind.kind)))
      .limit(1);
    const names = [
      otherGroupOnly,
      ofOtherKind!.name,
      'missing.pdf',
      pathInDb,
      '../x',
      'a/b',
      '..\\x',
      '..',
      '.',
      '/etc/passwd',
      'x\0.pdf',
    ];
    for (const name of names) {
      const res = await download(email, file, { employerPK: 2, [param]: name });
      expect(res.statusCode, name).toBe(404);
      expect(res.json()).toMatchObject({ status: 404 });
    }
  });

  it('refuses groups the user has no role in, and roles without the area', async () => {
    expect((await list(email, listName, { filterOptions: { employerPK: 3 } })).statusCode).toBe(403);
    expect((await list(email, listName, { filterOptions: { employerPK: 999 } })).statusCode).toBe(403);
    expect((await download(email, file, { employerPK: 999, [param]: 'x.pdf' })).statusCode).toBe(403);
    for (const other of ['hr@example.com', 'broker@example.com', 'claims@example.com', 'idcard@example.com']) {
      expect((await list(other, listName, { filterOptions: { employerPK: 2 } })).statusCode, other).toBe(403);
    }
    expect((await list('admin@example.com', listName, { filterOptions: { employerPK: 2 } })).statusCode).toBe(200);
    expect((await list(email, listName, { filterOptions: {} })).statusCode).toBe(400);
  });
});

describe('single-role finance users', () => {
  const call = async (
    user: 'funding' | 'invoice',
    name: ListName | FileName | 'censusReport',
    fileName = 'Funding Report.pdf',
  ) => {
    const headers = await t.auth(`${user}@example.com`);
    if (name === 'fundingReportList' || name === 'invoiceList' || name === 'specAggFileList')
      return t.app.inject({
        method: 'POST',
        url: endpointUrl(endpoints[name]),
        headers,
        payload: { filterOptions: { employerPK: 2 } },
      });
    if (name === 'censusReport')
      return t.app.inject({ method: 'POST', url: endpointUrl(endpoints[name]), headers, payload: { employerPK: 2 } });
    return t.app.inject({ method: 'GET', url: fileUrl(name, { employerPK: 2, fileName, file: fileName }), headers });
  };

  it('lets a Funding user see funding reports only', async () => {
    const listed = await call('funding', 'fundingReportList');
    expect(listed.statusCode).toBe(200);
    const name = (listed.json().result as Item[])[0]!.documentName;
    expect((await call('funding', 'getFundingReport', name)).statusCode).toBe(200);
    expect((await call('funding', 'invoiceList')).statusCode).toBe(403);
    expect((await call('funding', 'getInvoice', name)).statusCode).toBe(403);
    expect((await call('funding', 'specAggFileList')).statusCode).toBe(403);
    expect((await call('funding', 'censusReport')).statusCode).toBe(403);
  });

  it('lets an Invoice user see invoices only', async () => {
    const listed = await call('invoice', 'invoiceList');
    expect(listed.statusCode).toBe(200);
    const name = (listed.json().result as Item[])[0]!.documentName;
    expect((await call('invoice', 'getInvoice', name)).statusCode).toBe(200);
    expect((await call('invoice', 'fundingReportList')).statusCode).toBe(403);
    expect((await call('invoice', 'getFundingReport', name)).statusCode).toBe(403);
    expect((await call('invoice', 'specAggFile', name)).statusCode).toBe(403);
    expect((await call('invoice', 'censusReport')).statusCode).toBe(403);
  });
});
