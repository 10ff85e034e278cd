import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { loadConfig } from './config';
import { DataDirInUseError, DataDirNotWritableError, openDatabase } from './db/client';
import { assertDataDirWritable } from './db/data-dir-writable';
import { seedCeilingWarning } from './db/pglite-ceiling';
import { seedDatabase } from './db/seed/seed-database';
import { limitHeapGrowth } from './lib/heap-growth';
import { DEMO_PASSWORD, DEMO_USERS } from './db/seed/demo-users';
import { mailCatcherOptionsFromEnv, startMailCatcher } from './services/identity';
import { keepUploadWorkerReady } from './services/imports';

// `npm start`: migrate, seed an empty database, build the SPA when missing, serve everything on one port.
limitHeapGrowth();
const config = loadConfig();
/** One line and a non-zero exit, rather than a stack trace, for what the operator must fix. */
const refuseToStart = (error: unknown): never => {
  if (error instanceof DataDirInUseError || error instanceof DataDirNotWritableError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
};
if (!config.databaseUrl) {
  try {
    assertDataDirWritable(config.dataDir);
  } catch (error) {
    refuseToStart(error);
  }
}

if (config.serveSpa && !existsSync(path.join(config.distDir, 'index.html'))) {
  console.log('Building the web app (first start only)…');
  const build = spawnSync(
    process.execPath,
    [path.resolve('node_modules/vite/bin/vite.js'), 'build', '--outDir', config.distDir],
    {
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const database = await openDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  // Another process serves this folder, or it cannot take writes: say so plainly and leave.
).catch(refuseToStart);
// Past the ceiling the embedded database still seeds and serves, but slowly: say so before the long seed.
const seedWarning = database.driver === 'pglite' ? seedCeilingWarning(config.seedMembers) : null;
if (seedWarning) console.warn(seedWarning);
await seedDatabase(database.db, { largeGroupMembers: config.seedMembers, brokerGroups: config.seedBrokerGroups });

// Without SMTP_URL the portal's mail (invitations, resets) goes to an embedded catcher with a web inbox.
const catcher = config.smtpUrl
  ? null
  : await startMailCatcher(mailCatcherOptionsFromEnv()).catch((error: unknown) => {
      console.warn(`${(error as Error).message} Taking free ports instead.`);
      return startMailCatcher({ smtpPort: 0, webPort: 0 });
    });
if (catcher) config.smtpUrl = catcher.smtpUrl;

const app = await buildApp({
  config,
  db: database.db,
  database: { driver: database.driver, poolStats: database.poolStats },
  logger: true,
});
await app.listen({ port: config.port, host: config.host });
// The next upload finds its worker started: this process serves, unlike a test's app.
keepUploadWorkerReady();

console.log(
  `\nBenefits portal: ${config.publicUrl}  (${database.driver}${config.databaseUrl ? '' : ` in ${config.dataDir}`})`,
);
console.log(`API docs: ${config.publicUrl}/api/docs`);
if (catcher) console.log(`Mail inbox (invitations, password resets): ${catcher.inboxUrl}`);
if (!config.oidcAuthority) {
  console.log(`Demo accounts (password ${DEMO_PASSWORD}):`);
  for (const account of DEMO_USERS) {
    const groups = account.portalAdministrator
      ? 'Portal Administrator of every group'
      : account.groupRoles.map((g) => `${g.roles.join('+')} of group ${g.GroupPK}`).join(', ');
    console.log(`  ${account.email.padEnd(24)} ${groups || 'no group (sign-in is refused)'}`);
  }
}

// Graceful shutdown: stop taking new work (readyz 503, no new processing), keep serving for
// SHUTDOWN_DELAY_MS so the balancer notices, then close the listener, finish the requests in flight
// and the request being processed, and close the pool. A second signal, or SHUTDOWN_TIMEOUT_MS
// passing, ends the process at once.
let shuttingDown = false;
async function shutdown(signal: NodeJS.Signals) {
  if (shuttingDown) {
    app.log.warn({ signal }, 'second signal: exiting without waiting');
    process.exit(1);
  }
  shuttingDown = true;
  app.log.info({ signal }, 'shutting down');
  setTimeout(() => {
    app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took too long: exiting');
    process.exit(1);
  }, config.shutdownTimeoutMs).unref();
  try {
    app.drain();
    await new Promise((resolve) => setTimeout(resolve, config.shutdownDelayMs));
    await app.close();
    await catcher?.close();
    await database.close();
    app.log.info('shut down');
    process.exit(0);
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed');
    process.exit(1);
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, (received) => void shutdown(received));
