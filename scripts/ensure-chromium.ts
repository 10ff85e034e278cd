// Runs before the browser journeys, which drive the system Chromium (playwright.config.ts). When it is
// missing: installs the Debian package as root, otherwise stops with the command to run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { findSystemChromium, systemChromiumPaths } from '../e2e/support/system-chromium';

const installCommand = 'apt-get update && apt-get install -y chromium';

async function playwrightChromium(): Promise<string | undefined> {
  // Only consulted when the system one is missing: loading Playwright costs a fraction of a second.
  const { chromium } = await import('@playwright/test');
  const path = chromium.executablePath();
  return path && existsSync(path) ? path : undefined;
}

if (!findSystemChromium() && !(await playwrightChromium())) {
  const hasApt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (process.getuid?.() !== 0 || !hasApt) {
    console.error(
      `The browser journeys need Chromium (${systemChromiumPaths.join(' or ')}), which is not installed. Install it with:\n\n` +
        (hasApt ? `  sudo sh -c '${installCommand}'\n` : '  npx playwright install --with-deps chromium\n'),
    );
    process.exit(1);
  }
  console.log(`Chromium is missing; installing the Debian package: ${installCommand}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update'], ['install', '-y', 'chromium']]) {
    const { status } = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (status !== 0) {
      console.error(`apt-get ${args.join(' ')} failed (status ${status}).`);
      process.exit(1);
    }
  }
  if (!findSystemChromium()) {
    console.error(`The chromium package is installed but none of ${systemChromiumPaths.join(', ')} exists.`);
    process.exit(1);
  }
}
