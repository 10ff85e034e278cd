import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MEMORY_SETTINGS } from './memory-settings.mjs';

describe('the allocator settings', () => {
  it('are the ones `npm start` starts the server with', () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const assignments = Object.entries(MEMORY_SETTINGS).map(([name, value]) => `${name}=${value}`);
    expect(scripts.start).toBe(`${assignments.join(' ')} node server/build/start.mjs`);
  });
});
