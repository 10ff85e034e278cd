import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';

/**
 * The layers of docs/architecture.md. Each feature folder is an element of its own, so an import
 * from one feature into another crosses elements; imports inside one element are not checked.
 */
const layers = [
  { type: 'contracts', pattern: 'src/contracts' },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'routes', pattern: 'src/routes' },
  { type: 'app', pattern: 'src/app' },
  { type: 'api', pattern: 'src/api' },
  { type: 'components', pattern: 'src/components' },
  { type: 'lib', pattern: 'src/(hooks|lib|stores)' },
  { type: 'server-routes', pattern: 'server/routes' },
  { type: 'server-domain', pattern: 'server/services/*', capture: ['domain'] },
  { type: 'server-seed', pattern: 'server/db/seed' },
  { type: 'server-db', pattern: 'server/db' },
  { type: 'server-pdf', pattern: 'server/pdf' },
  { type: 'server-lib', pattern: 'server/lib' },
];

const layer = (...types) => ({ element: { type: types } });

/**
 * The server's domains (server/services/<domain>/) and the other domains each may import; any other
 * import between domains is refused. Read-side domains (members, reports, insight, exports) read what
 * others wrote; nothing imports exports but routes, and carrier-feed never imports processing.
 */
const DOMAIN_IMPORTS = {
  audit: [],
  'carrier-feed': [],
  claims: [],
  enrollment: ['member-requests'],
  exports: ['claims', 'identity', 'member-requests', 'members', 'reports'],
  identity: [],
  imports: ['enrollment', 'identity', 'member-requests'],
  insight: [],
  'life-events': ['carrier-feed'],
  maintenance: [],
  'member-requests': [],
  members: ['claims'],
  'open-enrollment': ['identity', 'member-requests'],
  processing: ['carrier-feed', 'enrollment', 'member-requests'],
  reference: [],
  reports: [],
};

const domain = (...names) => ({ element: { type: 'server-domain', captured: { domain: names } } });

/** Domain rows of DOMAIN_IMPORTS as policies; they follow the one refusing every import between domains. */
const domainPolicies = Object.entries(DOMAIN_IMPORTS)
  .filter(([, allowed]) => allowed.length > 0)
  .map(([name, allowed]) => ({ from: domain(name), allow: { to: domain(...allowed) } }));

/**
 * Each policy forbids one direction, except the domain rows, which allow back what they name; everything
 * not named here is allowed. When several policies match an import, the last one decides.
 */
const layerPolicies = [
  {
    from: layer('contracts'),
    disallow: { to: layer('*') },
    message: 'The contract is shared with the server: it imports only zod and itself.',
  },
  {
    from: layer('components', 'lib', 'api'),
    disallow: { to: layer('feature', 'routes', 'app') },
    message: 'components/, hooks/, lib/, stores/ and api/ sit below the features: they never import one.',
  },
  {
    from: layer('lib', 'api'),
    disallow: { to: layer('components') },
    message: 'api/, hooks/, lib/ and stores/ hold no UI: they never import components/.',
  },
  {
    from: layer('feature'),
    disallow: { to: layer('feature', 'routes', 'app') },
    message: 'A feature never imports another feature: move what both need to src/api, src/components or src/lib.',
  },
  {
    from: layer('server-domain', 'server-pdf', 'server-lib', 'server-db', 'server-seed'),
    disallow: { to: layer('server-routes') },
    message: 'Only routes know about HTTP: services, pdf, lib and db never import server/routes.',
  },
  {
    from: layer('server-domain', 'server-pdf', 'server-lib', 'server-routes'),
    disallow: { to: layer('server-seed') },
    message: 'The seed is demo data: no running code imports server/db/seed.',
  },
  {
    from: layer('server-pdf', 'server-lib'),
    disallow: { to: layer('server-domain') },
    message: 'pdf/ and lib/ are leaves: they never import a service.',
  },
  {
    from: layer('server-domain'),
    disallow: { to: layer('server-domain') },
    message:
      'The {{from.element.captured.domain}} domain may not import {{to.element.captured.domain}}: see DOMAIN_IMPORTS in eslint.config.js.',
  },
  ...domainPolicies,
  {
    // Last, so that it also holds for the imports the domain rows allow. Code outside the domains is
    // held to the same by the no-restricted-imports block below.
    from: layer('server-domain'),
    disallow: { to: { element: { type: 'server-domain', fileInternalPath: '!index.ts' } } },
    message:
      'Another domain is entered through its index.ts only: import {{to.element.captured.domain}}, not a file inside it.',
  },
];

/**
 * The app store (src/stores/app-store.ts) is reached through its slices, so that no feature writes the
 * state of another. Anyone may use the shared ones (modal-slice, notification-store) and the named
 * hand-offs between journeys (enrollment-handoff); each slice here only the features that own it.
 * The whole store is the session's, which resets it at sign-out.
 */
const storeSliceOwners = {
  'app-store': ['session'],
  'enrollment-draft-slice': ['enrollment'],
  'current-group-slice': ['employers', 'session'],
  'analytics-slice': ['analytics'],
};

/** The import rule for code that owns the slices `owned`: every other slice is refused. */
function storeSliceImports(owned = []) {
  const patterns = Object.entries(storeSliceOwners)
    .filter(([slice]) => !owned.includes(slice))
    .map(([slice, owners]) => ({
      regex: `(^|/)stores/${slice}$`,
      message: `stores/${slice} belongs to ${owners.map((o) => `features/${o}`).join(' and ')}: use your own slice, stores/modal-slice, or a hand-off of stores/enrollment-handoff.`,
    }));
  return { 'no-restricted-imports': ['error', { patterns }] };
}

const sliceOwningFeatures = [...new Set(Object.values(storeSliceOwners).flat())];

// Later blocks replace the rule of earlier ones for the files they name: an owner's block lets its slices through.
const storeSliceBlocks = [
  { files: ['src/features/**/*.{ts,tsx}', 'src/components/**/*.{ts,tsx}'], rules: storeSliceImports() },
  ...sliceOwningFeatures.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: storeSliceImports(Object.keys(storeSliceOwners).filter((s) => storeSliceOwners[s].includes(feature))),
  })),
].map((block) => ({ ...block, ignores: ['**/*.test.{ts,tsx}'] }));

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-sourcemaps',
      '.dist-*',
      'node_modules',
      '.data',
      '.build',
      'src/routeTree.gen.ts',
      'server/db/migrations',
      'playwright-report',
      'test-results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/contracts/**/*.ts'],
    ignores: ['src/contracts/**/*.test.ts'],
    rules: {
      // The contract is shared with the server: it may import nothing but zod.
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(?!zod$|\\./).*' }] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'src/test/**', 'server/test/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': layers,
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: layerPolicies }],
    },
  },
  {
    // Everything outside the domains (routes, app.ts, plugins, tests, bench, scripts) enters a domain
    // through its index.ts too.
    files: ['server/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)services/[^/]+/',
              message: 'Import a server domain through its index.ts (services/<domain>).',
            },
          ],
        },
      ],
    },
  },
  ...storeSliceBlocks,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
