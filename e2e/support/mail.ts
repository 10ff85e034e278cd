import { expect } from '@playwright/test';
import { E2E_MAIL_WEB_PORT } from './e2e-ports';

type CaughtMail = { id: number; to: string; subject: string; text: string; links: string[] };

/**
 * The newest mail to `to` whose subject matches, as the server's mail catcher received it over SMTP;
 * waits for it to arrive.
 */
export async function latestMail(to: string, subject: RegExp): Promise<CaughtMail> {
  let found: CaughtMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`http://127.0.0.1:${E2E_MAIL_WEB_PORT}/messages.json`);
        const messages = (await response.json()) as CaughtMail[];
        found = messages.filter((m) => m.to.includes(to) && subject.test(m.subject)).at(-1);
        return found !== undefined;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}
