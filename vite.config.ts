import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { compression } from 'vite-plugin-compression2';
import { routePreloads } from './scripts/route-preloads-plugin';
import { CSP_NONCE_PLACEHOLDER } from './src/contracts/csp';

/** The components that import react-hook-form, TanStack Table or the number format themselves. */
const FORM_KIT =
  /src[\\/]components[\\/](form[\\/](form-(amount|select|ssn|text|yes-no)-field|form-error-summary|use-form-field)|data-table[\\/](data-cells|sortable-table-head|use-server-sorting)|list-page[\\/]list-search-form|member-chooser[\\/](member-chooser|member-columns|member-table|selectable-member-list))\.tsx?$/;

const apiTarget = process.env.API_URL ?? `http://localhost:${process.env.PORT ?? 3000}`;

/**
 * Source maps are kept for reading production stack traces, never served: they are moved from the
 * served folder to `<outDir>-sourcemaps/` (and the bundles name no map).
 */
function sourceMapsBesideOutDir(): Plugin {
  let outDir = '';
  return {
    name: 'source-maps-beside-out-dir',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle() {
      const target = `${outDir}-sourcemaps`;
      await rm(target, { recursive: true, force: true });
      const maps = (await readdir(outDir, { recursive: true })).filter((file) => file.endsWith('.map'));
      for (const file of maps) {
        await mkdir(path.dirname(path.join(target, file)), { recursive: true });
        await rename(path.join(outDir, file), path.join(target, file));
      }
    },
  };
}

export default defineConfig({
  plugins: [
    // Must come before the React plugin so generated route files are transformed.
    tanstackRouter({ target: 'react', autoCodeSplitting: true }),
    react(),
    // .br and .gz beside each hashed asset, served by @fastify/static's preCompressed. index.html is
    // left out: the server fills in a fresh nonce on every answer.
    compression({ include: /^assets\/.*\.(js|css|svg)$/, algorithms: ['brotliCompress', 'gzip'], logLevel: 'silent' }),
    sourceMapsBesideOutDir(),
    routePreloads({ routedApp: 'src/app/routed-app.tsx', routesDir: 'src/routes' }),
  ],
  html: { cspNonce: CSP_NONCE_PLACEHOLDER },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget },
      '/idp': { target: apiTarget },
    },
  },
  build: {
    outDir: 'dist',
    // .vite/manifest.json: the entry graph that scripts/check-bundle-size.ts holds to its budget.
    manifest: true,
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What the entry loads stays one chunk beside it; no later group may take a module of it.
            { name: 'initial', tags: ['$initial'], priority: 10 },
            // Zod and the switch that keeps it from probing for eval share one chunk, so the switch is
            // set as soon as zod is, before any other chunk builds a schema.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-without-eval\.ts$/, priority: 9 },
            // The router comes at start-up as a whole; a dozen slivers would each cost a request.
            {
              name: 'router',
              test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history|react-store|store)[\\/]/,
              priority: 8,
            },
            // The query factories, the contract and the client every screen uses come with the router.
            {
              name: 'api',
              test: /src[\\/](api|stores|contracts)[\\/]|src[\\/]lib[\\/](api-client|endpoint-query|paged-list-query|session)\.ts$/,
              priority: 7,
            },
            // MUI's lazy modules in two chunks instead of one per set of screens sharing each: on HTTP/1.1 a
            // phone pays a round trip per file. The base (styles, transitions, ButtonBase, Paper, Modal…)
            // imports nothing of the components chunk, so the two never wait on each other. It also holds
            // the theme and what every screen draws first (baseline, Box, Toolbar, the loading spinner),
            // since they left the entry: that keeps `mui` within the lazy-chunk budget.
            {
              name: 'mui-base',
              test: /node_modules[\\/](@mui[\\/](system|utils|styled-engine|material[\\/](styles|utils|internal|transitions|ButtonBase|Paper|Modal|Backdrop|Fade|Grow|Portal|Unstable_TrapFocus|SvgIcon|Typography|CircularProgress|CssBaseline|Box|Toolbar|useMediaQuery|className|colors|zero-styled|DefaultPropsProvider))|@emotion|react-transition-group|dom-helpers)[\\/]/,
              priority: 6,
            },
            // Components only one screen uses stay with it: the upload screen's mapping panel and preview
            // filters, the plan years' tabs.
            {
              name: 'mui',
              test: (id) =>
                /node_modules[\\/]@mui[\\/]material[\\/]/.test(id) &&
                !/[\\/](Accordion|AccordionSummary|AccordionDetails|ToggleButton|ToggleButtonGroup|Tabs|Tab|TabScrollButton)[\\/]/.test(
                  id,
                ),
              priority: 5,
            },
            // What the member lists and every form are built on.
            {
              name: 'forms',
              test: /node_modules[\\/](react-hook-form|@hookform|@tanstack[\\/](table-core|react-table)|react-number-format)[\\/]/,
              priority: 4,
            },
            // The shell, the shared components and hooks, the layout's features (session, groups,
            // privacy notice), the route search schemas and the query hooks: every screen needs them.
            // The date field and the charts stay apart (big, and only some screens use them).
            {
              name: 'shared',
              test: (id) =>
                (/src[\\/](components|hooks|lib|features[\\/](session|employers|analytics))[\\/]/.test(id) ||
                  /src[\\/]features[\\/][^\\/]+[\\/]lib[\\/][^\\/]+-search\.ts$/.test(id) ||
                  /node_modules[\\/]@tanstack[\\/](react-query|query-core)[\\/]/.test(id)) &&
                !/src[\\/]components[\\/](charts|form[\\/]form-date-field)/.test(id) &&
                !FORM_KIT.test(id),
              priority: 3,
            },
            // Our fields, tables and member chooser, built on the forms chunk: apart from the shared
            // chunk, so that a screen with neither a form nor a table (Home) loads neither. Below the
            // shared group, which has taken the hooks and clients they import by the time this one
            // takes their dependencies along.
            { name: 'form-kit', test: FORM_KIT, priority: 2 },
            // The charts' scales and shapes (d3) apart from the charts themselves: each chunk stays in its budget.
            {
              name: 'charts-vendor',
              test: /node_modules[\\/](d3-[^\\/]+|internmap|@mui[\\/]x-charts-vendor|bezier-easing|flatqueue)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
});
