// The server as one ES module per entry, built with esbuild before it starts. Running from a build
// rather than through tsx's loader hooks keeps about 80 MB of the loader's memory out of every server
// process and loads modules (exceljs with the first spreadsheet, say) without a round trip to the
// loader's thread. Packages stay external: node resolves them from node_modules as usual.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { URL, fileURLToPath, pathToFileURL } from 'node:url';
import { build, stop } from 'esbuild';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Where the built server lives (ignored by git): one file per entry. */
export const serverBuildDir = path.join(root, '.build', 'server');

/** The entries: the server itself, and its workers (uploads, the census on PostgreSQL). */
const entries = {
  main: 'server/main.ts',
  'upload-worker': 'server/services/imports/upload-worker.ts',
  'census-copy-worker': 'server/services/reports/census-copy-worker.ts',
};

/**
 * A source's `import.meta.url` keeps naming the source file, so the paths it resolves beside itself
 * (the migrations folder, the database process's script, the passkey assets) are the same whether
 * the server runs from its sources or from the build.
 */
const sourceUrls = {
  name: 'source-urls',
  setup(builder) {
    builder.onLoad({ filter: /\.[cm]?ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: text.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

/** Builds the server; resolves with the path of each entry's module. */
export async function buildServer() {
  await build({
    absWorkingDir: root,
    entryPoints: entries,
    outdir: serverBuildDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [sourceUrls],
    // Tells `server/lib/module-worker.ts` to start workers from this build.
    define: { 'process.env.SERVER_BUILD_DIR': JSON.stringify(serverBuildDir) },
  });
  // esbuild's service process would otherwise stay beside the server for its whole life.
  await stop();
  return Object.fromEntries(Object.keys(entries).map((name) => [name, path.join(serverBuildDir, `${name}.mjs`)]));
}
