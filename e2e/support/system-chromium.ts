import { existsSync } from 'node:fs';

/** Where the Debian and Ubuntu packages put Chromium; Playwright cannot download its own browser everywhere. */
export const systemChromiumPaths = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

export const findSystemChromium = (): string | undefined => systemChromiumPaths.find((path) => existsSync(path));
