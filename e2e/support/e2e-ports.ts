// Where the journeys' server listens, and its embedded mail catcher (playwright.config.ts starts both).

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_MAIL_SMTP_PORT = E2E_PORT + 25;
/** The catcher's inbox; /messages.json lists what it received, links included. */
export const E2E_MAIL_WEB_PORT = E2E_PORT + 26;
/** The broker of many groups (bigbroker@example.com) holds this many generated client groups. */
export const E2E_BROKER_GROUPS = 5000;
