// `tsx scripts/with-postgres.ts <command…>` runs the command with DATABASE_URL set to the PostgreSQL at
// TEST_DATABASE_URL (default the local `test` database) when one answers there, otherwise to a throwaway
// server started for this run and removed afterwards, also when the command fails or is interrupted.
// Exits with the command's status. TEST_DATABASE_URL is passed on too, so a nested call reuses the server.
import { spawn, type ChildProcess } from 'node:child_process';
import { constants } from 'node:os';
import { defaultTestDatabaseUrl, probePostgres, redactUrl, startThrowawayPostgres } from './throwaway-postgres';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('Usage: tsx scripts/with-postgres.ts <command…>');
  process.exit(2);
}

let child: ChildProcess | undefined;
let interruptedBy: NodeJS.Signals | undefined;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    interruptedBy ??= signal;
    child?.kill(signal);
  });
}
const signalStatus = (signal: NodeJS.Signals) => 128 + (constants.signals[signal] ?? 0);

function run(url: string): Promise<number> {
  if (interruptedBy) return Promise.resolve(signalStatus(interruptedBy));
  return new Promise((resolve) => {
    child = spawn(command!, args, {
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: url, TEST_DATABASE_URL: url },
    });
    child.once('error', (error) => {
      console.error(`with-postgres: cannot run ${command}: ${error.message}`);
      resolve(127);
    });
    child.once('exit', (code, signal) => resolve(code ?? signalStatus(signal ?? 'SIGTERM')));
  });
}

const wanted = process.env.TEST_DATABASE_URL || defaultTestDatabaseUrl;
const probe = await probePostgres(wanted);
let status: number;
if (probe.answers) {
  status = await run(wanted);
} else {
  console.error(`with-postgres: no PostgreSQL at ${redactUrl(wanted)} (${probe.reason}); starting a throwaway one.`);
  let server;
  try {
    server = await startThrowawayPostgres();
  } catch (error) {
    console.error(`with-postgres: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(interruptedBy ? signalStatus(interruptedBy) : 1);
  }
  try {
    status = await run(server.url);
  } finally {
    await server.stop();
  }
}
process.exit(interruptedBy ? signalStatus(interruptedBy) : status);
