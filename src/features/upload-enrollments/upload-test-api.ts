import { vi } from 'vitest';
import { accountQueries } from '../../api/account-queries';
import type { ImportRow, ImportView } from '../../contracts/imports';
import { accessOf, stubAccountApi } from '../../test/account-api';
import { testQueryClient } from '../../test/render-signed-in';

// For the Upload Enrollments tests: the account calls of src/test/account-api and the /Import calls,
// so the panels run through the real call layer with only fetch replaced.

export const EMPLOYER_PK = 3;
export const IMPORT_PK = 41;

export const importView = (patch: Partial<ImportView> = {}): ImportView => ({
  importPK: IMPORT_PK,
  fileName: 'census.csv',
  format: 'csv',
  encoding: 'Windows-1252',
  delimiter: ',',
  status: 'preview',
  columns: ['Emp ID', 'Relation', 'First', 'Last', 'SSN', 'DOB'],
  mapping: { employeeKey: 0, relationship: 1, firstName: 2, lastName: 3, ssn: 4, dateOfBirth: 5 },
  valueMappings: {},
  choices: {},
  unmapped: [],
  counts: {
    rows: 10,
    families: 4,
    new: 2,
    update: 1,
    identity: 0,
    termination: 0,
    unchanged: 0,
    error: 1,
    errorRows: 2,
    committed: 0,
    requestsCreated: 0,
  },
  remaining: 0,
  commitMode: null,
  createdAt: '2026-03-04T15:30:00.000Z',
  createdByMe: true,
  canWithdraw: false,
  ...patch,
});

export const importRow = (rowNumber: number, patch: Partial<ImportRow> = {}): ImportRow => ({
  rowNumber,
  sheet: 'Sheet1',
  familyRow: rowNumber,
  kind: 'new',
  isEmployee: true,
  committed: false,
  requestPK: null,
  ssnLast4: '1234',
  cells: { employeeKey: 'E1', relationship: 'Employee', firstName: 'Ann', lastName: 'Lee', dateOfBirth: '1980-01-02' },
  errors: [],
  changes: [],
  ...patch,
});

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': status < 400 ? 'application/json' : 'application/problem+json' },
  });

export const problem = (status: number, detail: string, errors?: Record<string, string[]>) =>
  json({ title: status === 400 ? 'Bad Request' : 'Conflict', status, detail, ...(errors ? { errors } : {}) }, status);

/** A call to /Import/<name> ('' for /Import itself): its query and its JSON body. */
export type ImportCall = { path: string; query: Record<string, string>; body: unknown };

/**
 * The server for an HR user of group 3: `/Import…` calls go to `answer(name, call)`, the rest to the
 * account stub. Returns a query client that knows the user's access, and the calls made.
 */
export function stubImportApi(answer: (name: string, call: ImportCall) => Response | Promise<Response>) {
  const access = accessOf({ current: { GroupPK: EMPLOYER_PK, roles: ['HR'] } });
  const account = stubAccountApi({ access: () => access });
  const calls: ImportCall[] = [];
  globalThis.fetch = vi.fn<typeof fetch>(async (input, init) => {
    const request = input as Request;
    const url = new URL(request.url);
    const name = url.pathname.match(/^\/api\/enrollment\/Import(?:\/(.*))?$/)?.[1];
    if (name === undefined && !url.pathname.endsWith('/Import')) return account(input, init);
    const isJson = request.headers.get('Content-Type')?.includes('json');
    const text = request.method === 'GET' || !isJson ? '' : await request.text();
    const call = {
      path: name ?? '',
      query: Object.fromEntries(url.searchParams),
      body: text ? (JSON.parse(text) as unknown) : undefined,
    };
    calls.push(call);
    return answer(call.path, call);
  });
  const queryClient = testQueryClient();
  queryClient.setQueryData(accountQueries.access(EMPLOYER_PK).queryKey, access);
  return { queryClient, calls };
}
