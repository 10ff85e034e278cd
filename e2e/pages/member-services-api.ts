import type { Page } from '@playwright/test';

// Reads of the API as the signed-in user, to pick seeded records for the journeys. The token is
// the one oidc-client-ts keeps in sessionStorage.

async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((k) => k.startsWith('oidc.user:'));
    return key
      ? (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
      : undefined;
  });
  return { Authorization: `Bearer ${token}` };
}

export async function apiRead<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const response = await page.request.fetch(path, { method, headers: await bearer(page), data: body });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}`);
  return (await response.json()) as T;
}

type SubscriberRow = {
  subscriberPK: number;
  firstName: string;
  lastName: string;
  ssnLast4: string;
  isTermed: boolean;
};
export type SubscriberDetails = {
  subscriberPK: number;
  ssnLast4: string;
  hasDependents: boolean;
  isMedicalCoverage: boolean;
  viewIDCard: boolean;
  fsaData: unknown[];
  subscriber: { firstName: string; lastName: string; dateOfBirth: string };
  planData: { planName: string | null; dentalPlanName: string | null; divisionID: string | null };
};
export type DependentRow = {
  firstName: string;
  lastName: string;
  relationship: string;
  ssnLast4: string | null;
  isTermed: boolean;
};
export type FsaRow = { fsaName: string; fsaType: string; fsaYear: number };
type ClaimRow = {
  claimID: number;
  subscriberPK: number;
  patientPK: number | null;
  patientFirstName: string;
  patientLastName: string;
  claimNumber: string;
  serviceDate: string;
  billedAmount: number;
  paymentDate: string | null;
};

export async function subscribers(page: Page, employerPK = 2, page0 = 0): Promise<SubscriberRow[]> {
  const answer = await apiRead<{ list: SubscriberRow[] }>(page, 'POST', '/api/enrollment/Subscriber/SubscriberList', {
    employerPK,
    recordsPerPage: 100,
    page: page0,
    sortColumn: 'lastName DESC',
  });
  return answer.list;
}

export const details = (page: Page, pk: number) =>
  apiRead<SubscriberDetails>(page, 'GET', `/api/enrollment/Subscriber/SubscriberDetails?pk=${pk}`);

/** The first listed subscriber (from the end of the alphabet) whose details pass `test`. */
export async function findSubscriber(
  page: Page,
  test: (d: SubscriberDetails) => boolean,
): Promise<{ row: SubscriberRow; details: SubscriberDetails }> {
  for (const row of await subscribers(page)) {
    const d = await details(page, row.subscriberPK);
    if (test(d)) return { row, details: d };
  }
  throw new Error('No seeded subscriber fits the journey.');
}

export async function claims(
  page: Page,
  body: Record<string, unknown>,
  employerPK = 2,
): Promise<{ list: ClaimRow[]; recordCount: number }> {
  return apiRead(page, 'POST', `/api/enrollment/Employer/ClaimDetails?employerPK=${employerPK}`, body);
}
