import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      'dist',
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
    files: ['src/api/**/*.ts'],
    rules: {
      // Entity queries sit below every screen: contracts, lib and stores only.
      'no-restricted-imports': ['error', { patterns: [{ regex: '/(features|components)/' }] }],
    },
  },
  {
    files: ['src/components/**/*.{ts,tsx}', 'src/lib/**/*.ts', 'src/hooks/**/*.ts', 'src/stores/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '/features/' }] }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
