import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';

/**
 * A portal server of a journey's own, for what the shared one cannot do: be stopped and started
 * again on the same data, or run with settings of its own. It serves the same built web app.
 */
export class OwnServer {
  readonly origin: string;
  private process: ChildProcess | null = null;

  constructor(
    private readonly port: number,
    private readonly dataDir: string,
    private readonly env: Record<string, string> = {},
  ) {
    this.origin = `http://localhost:${port}`;
  }

  /** Starts from an empty database, seeded as `npm start` seeds it. */
  async startFresh(): Promise<void> {
    await rm(this.dataDir, { recursive: true, force: true });
    await this.start();
  }

  async start(): Promise<void> {
    this.process = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        LOG_LEVEL: 'warn',
        PROCESSING_INTERVAL_MS: '0',
        ...this.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const deadline = Date.now() + 120_000;
    while (Date.now() < deadline) {
      if (this.process.exitCode !== null) throw new Error(`the server stopped at start (${this.process.exitCode})`);
      const ready = await fetch(`${this.origin}/idp/.well-known/openid-configuration`).then(
        (response) => response.ok,
        () => false,
      );
      if (ready) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the server did not start within 2 minutes');
  }

  /** Stops the process the way an orchestrator does (SIGTERM) and waits until it has gone. */
  async stop(): Promise<void> {
    const running = this.process;
    this.process = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    await exited;
  }
}
