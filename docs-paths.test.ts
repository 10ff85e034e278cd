import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The README and docs/*.md name files of the repository in code spans (`server/db/schema.ts`) and
// link to each other's sections. These tests fail when a named path or a linked section no longer
// exists, and when the README outgrows a newcomer's read.

const ROOT = import.meta.dirname;
const README_MAX_LINES = 250;

/** Extensions that make a span without a slash a file name (`vite.config.ts`, `index.html`). */
const FILE_EXTENSIONS = new Set([
  'cjs',
  'css',
  'cts',
  'html',
  'js',
  'json',
  'jsx',
  'md',
  'mjs',
  'mts',
  'sh',
  'sql',
  'ts',
  'tsx',
  'yaml',
  'yml',
]);

const MIME_TYPE = /^(?:application|audio|font|image|message|model|multipart|text|video)\/[\w.+-]+$/;
/** Placeholders (`src/features/<f>/`, `server/routes/*.test.ts`, `$PUBLIC_URL/api`, `${dir}`). */
const PLACEHOLDER = /[<>*{}]|\$[A-Z_{(]/;
/** What a path segment may hold; `$` stays for route files such as `member/$subscriberPK.tsx`. */
const PATH = /^[\w.@+~$()[\]-]+(?:\/[\w.@+~$()[\]-]+)*\/?$/;

type Span = { text: string; line: number };

/** Lines of fenced code blocks, blanked so that line numbers stay right. */
function withoutFences(markdown: string): string {
  let fence: string | null = null;
  return markdown
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === null) {
        if (!marker) return line;
        fence = marker;
        return '';
      }
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
      return '';
    })
    .join('\n');
}

/** The inline code spans of a markdown text (CommonMark: a run of n backticks up to the next run of n). */
function codeSpans(markdown: string): Span[] {
  const text = withoutFences(markdown);
  const spans: Span[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] !== '`' || (i > 0 && text[i - 1] === '\\')) {
      i += 1;
      continue;
    }
    let run = 1;
    while (text[i + run] === '`') run += 1;
    const closer = new RegExp(`(?<!\`)\`{${run}}(?!\`)`, 'g');
    closer.lastIndex = i + run;
    const close = closer.exec(text);
    const content = close ? text.slice(i + run, close.index) : null;
    // A span stays inside its paragraph: a blank line ends it.
    if (close === null || content === null || /\n[ \t]*\n/.test(content)) {
      i += run;
      continue;
    }
    let spanText = content.replace(/\n/g, ' ');
    if (spanText.length > 2 && spanText.startsWith(' ') && spanText.endsWith(' ') && spanText.trim() !== '') {
      spanText = spanText.slice(1, -1);
    }
    spans.push({ text: spanText, line: text.slice(0, i).split('\n').length });
    i = close.index + run;
  }
  return spans;
}

/**
 * The repository path a code span names, relative to the root, or null when it names something else:
 * a command or prose (spaces), a URL, an API or screen path (leading `/`), a package (`@scope/name`),
 * a MIME type, an environment setting, a placeholder, or a path outside the repository (`../`).
 * A `:line` suffix or `#anchor` is dropped.
 */
function repoPathOf(span: string): string | null {
  let text = span.trim();
  if (text === '' || /\s/.test(text) || text.includes('://')) return null;
  if (PLACEHOLDER.test(text) || /["'`,;=?|\\]/.test(text)) return null;
  if (text.startsWith('/') || text.startsWith('@') || text.startsWith('~') || text.startsWith('..')) return null;
  text = text.replace(/#.*$/, '').replace(/:\d+(?::\d+)?(?:-\d+)?$/, '');
  if (text.startsWith('./')) text = text.slice(2);
  if (!PATH.test(text) || MIME_TYPE.test(text)) return null;
  if (text.includes('/')) return text;
  const extension = /\.([a-z0-9]+)$/i.exec(text)?.[1];
  // A bare extension (`.json`) names a kind of file, not a file.
  if (!extension || !FILE_EXTENSIONS.has(extension) || text === `.${extension}`) return null;
  return text;
}

/** Paths .gitignore keeps out of the repository (build output, local data): not checked. */
function ignoredBy(gitignore: string): (repoPath: string) => boolean {
  const patterns = gitignore
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && !line.startsWith('!'))
    .map((line) => {
      const glob = line.replace(/^\//, '').replace(/\/$/, '');
      const source = glob
        .split('')
        .map((c) => (c === '*' ? '[^/]*' : c === '?' ? '[^/]' : c.replace(/[.+^$()|[\]\\]/g, '\\$&')))
        .join('');
      return { anchored: glob.includes('/'), regex: new RegExp(`^${source}$`) };
    });
  return (repoPath) => {
    const segments = repoPath.replace(/\/$/, '').split('/');
    return patterns.some(({ anchored, regex }) =>
      anchored
        ? segments.some((_, n) => regex.test(segments.slice(0, n + 1).join('/')))
        : segments.some((segment) => regex.test(segment)),
    );
  };
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const line of withoutFences(markdown).split('\n')) {
    const heading = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
    if (heading === undefined) continue;
    const slug = slugOf(heading);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

/** Links to files of the repository (`[text](docs/operations.md#upkeep)`, `[text](#the-proxy)`). */
function localLinks(markdown: string): Span[] {
  const links: Span[] = [];
  const text = withoutFences(markdown).replace(/`[^`\n]*`/g, (code) => ' '.repeat(code.length));
  for (const match of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1] ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    links.push({ text: target, line: text.slice(0, match.index).split('\n').length });
  }
  return links;
}

function documents(): string[] {
  const docs = readdirSync(path.join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

describe('code spans that name repository paths', () => {
  const pathsIn = (line: string) => codeSpans(line).map((span) => repoPathOf(span.text));

  it('takes files, folders and names with a known extension', () => {
    expect(pathsIn('The schema (`server/db/schema.ts`), see `docs/operations.md`.')).toEqual([
      'server/db/schema.ts',
      'docs/operations.md',
    ]);
    expect(pathsIn('`.ci/run` runs `scripts/with-postgres.ts`; helpers in `server/lib/` and `src/hooks`.')).toEqual([
      '.ci/run',
      'scripts/with-postgres.ts',
      'server/lib/',
      'src/hooks',
    ]);
    expect(pathsIn('`vite.config.ts`, `index.html`, `.prettierrc.json`, `e2e/`')).toEqual([
      'vite.config.ts',
      'index.html',
      '.prettierrc.json',
      'e2e/',
    ]);
    expect(pathsIn('`src/routes/_authenticated/member/$subscriberPK.tsx`')).toEqual([
      'src/routes/_authenticated/member/$subscriberPK.tsx',
    ]);
  });

  it('drops a line suffix, an anchor and a leading ./', () => {
    expect(pathsIn('`server/main.ts:12`, `server/app.ts:3:7`, `docs/security.md#tokens`, `./bench/api.ts`')).toEqual([
      'server/main.ts',
      'server/app.ts',
      'docs/security.md',
      'bench/api.ts',
    ]);
  });

  it('skips placeholders, API and screen paths, URLs, commands, packages and settings', () => {
    const line = [
      '`src/features/<f>/`',
      '`server/routes/*.test.ts`',
      '`${dir}/x.ts`',
      '`/api/enrollment/Values/DropdownLists`',
      '`/Employer/ClaimDetails`',
      '`/claim-search`',
      '`/Insight/*`',
      '`http://localhost:$PORT`',
      '`postgres://postgres@127.0.0.1:5432/test`',
      '`$PUBLIC_URL/api`',
      '`npm run lint`',
      '`tsx scripts/with-postgres.ts <command…>`',
      '`@fastify/compress`',
      '`DATABASE_URL`',
      '`BENCH_PRESETS=mobile`',
      '`text/csv`',
      '`W/"3"`',
      '`../x`',
      '`a\\b`',
    ].join(', ');
    expect(pathsIn(line)).toEqual(Array(19).fill(null));
  });

  it('skips names that only look like files', () => {
    expect(
      pathsIn('`.xlsx`, `.json`, `endpoints.claimSearch`, `census.download`, `0.0.0.0`, `127.0.0.1:3001`, `dist`'),
    ).toEqual(Array(7).fill(null));
  });

  it('reads spans across a line break and double-backtick spans, not fenced blocks', () => {
    const markdown = [
      'Claimed with `FOR UPDATE SKIP',
      'LOCKED` in `server/lib/',
      'interval-worker.ts`, and `` a`b `` then `src/main.tsx`.',
      '',
      '```sh',
      'cat `server/not-checked.ts`',
      '```',
      'Escaped \\` is no span; `server/app.ts`',
    ].join('\n');
    expect(codeSpans(markdown)).toEqual([
      { text: 'FOR UPDATE SKIP LOCKED', line: 1 },
      { text: 'server/lib/ interval-worker.ts', line: 2 },
      { text: 'a`b', line: 3 },
      { text: 'src/main.tsx', line: 3 },
      { text: 'server/app.ts', line: 8 },
    ]);
  });

  it('leaves build output and local data to .gitignore', () => {
    const ignored = ignoredBy('node_modules\ndist/\n.dist-*/\n.data/\n*.log\n');
    expect(['dist/.vite/manifest.json', '.dist-size/', '.data/', 'server/x.log'].map(ignored)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['server/dist.ts', 'docs/operations.md', 'src/lib/'].map(ignored)).toEqual([false, false, false]);
  });

  it('makes anchors as GitHub does', () => {
    expect([...anchorsOf("# Carrier feed (X12 834)\n## The server's services\n## Upkeep\n### Upkeep\n")]).toEqual([
      'carrier-feed-x12-834',
      'the-servers-services',
      'upkeep',
      'upkeep-1',
    ]);
  });
});

describe('README.md and docs/*.md', () => {
  const ignored = ignoredBy(read('.gitignore'));

  it('name only paths that exist', () => {
    const missing = documents().flatMap((file) =>
      codeSpans(read(file)).flatMap(({ text, line }) => {
        const repoPath = repoPathOf(text);
        if (repoPath === null || ignored(repoPath) || existsSync(path.join(ROOT, repoPath))) return [];
        return [`${file}:${line} ${repoPath}`];
      }),
    );
    expect(missing).toEqual([]);
  });

  it('link only to files and sections that exist', () => {
    const broken = documents().flatMap((file) =>
      localLinks(read(file)).flatMap(({ text, line }) => {
        const [target = '', anchor] = text.split('#');
        const linked = target === '' ? file : path.posix.join(path.posix.dirname(file), target);
        if (!existsSync(path.join(ROOT, linked))) return [`${file}:${line} ${text}`];
        if (anchor === undefined || !linked.endsWith('.md')) return [];
        return anchorsOf(read(linked)).has(anchor) ? [] : [`${file}:${line} ${text}`];
      }),
    );
    expect(broken).toEqual([]);
  });

  it(`keep the README within ${README_MAX_LINES} lines`, () => {
    const lines = read('README.md').replace(/\n$/, '').split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });
});
