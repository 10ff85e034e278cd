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
  { type: 'server-services', pattern: 'server/services' },
  { type: 'server-seed', pattern: 'server/db/seed' },
  { type: 'server-db', pattern: 'server/db' },
  { type: 'server-pdf', pattern: 'server/pdf' },
  { type: 'server-lib', pattern: 'server/lib' },
];

const layer = (...types) => ({ element: { type: types } });

/** Each policy forbids one direction; everything not named here is allowed. */
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
    from: layer('server-services', 'server-pdf', 'server-lib', 'server-db', 'server-seed'),
    disallow: { to: layer('server-routes') },
    message: 'Only routes know about HTTP: services, pdf, lib and db never import server/routes.',
  },
  {
    from: layer('server-services', 'server-pdf', 'server-lib', 'server-routes'),
    disallow: { to: layer('server-seed') },
    message: 'The seed is demo data: no running code imports server/db/seed.',
  },
  {
    from: layer('server-pdf', 'server-lib'),
    disallow: { to: layer('server-services') },
    message: 'pdf/ and lib/ are leaves: they never import a service.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-sourcemaps',
      '.dist-*',
      'node_modules',
      '.data',
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
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
