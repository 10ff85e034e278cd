import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // Vitest's default leaves a core to its own process: on two cores that is one test file at a time,
    // while a file's database (PostgreSQL's backends, PGlite's start) and the runner leave room for another.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'server/replicas/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // Server processes behind nginx on PostgreSQL: only `npm run test:replicas`, which provides DATABASE_URL.
        test: {
          name: 'replicas',
          environment: 'node',
          include: ['server/replicas/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
      {
        test: {
          name: 'tooling',
          environment: 'node',
          include: ['*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
