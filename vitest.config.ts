import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three projects: `server` (unit + API tests through app.inject against a real database; SQLite by
 * default, PostgreSQL when TEST_DATABASE_URL is set), `web` (unit tests of the web app's pure logic)
 * and `e2e` (Playwright journeys against a built app in Debian's chromium). `npm test`
 * (scripts/test.mjs) runs them in order.
 */
export default defineConfig({
  test: {
    // One worker per core (Vitest's default leaves one core idle, which halves a 2-core CI machine).
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'packages/contracts/src/**/*.test.ts'],
          environment: 'node',
          // One migrated and seeded template database per run; each test file copies it.
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          // Cheaper Argon2 for the hundreds of test accounts (lib/password.ts).
          env: { KAOPEI_TEST_FAST_HASH: '1' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Test files share worker processes (no re-import of the app per file); each builds its own
          // app on its own database copy, and testApp() resets the only process-wide state (the clock).
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.ts', 'apps/web/build/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          environment: 'node',
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: true,
          pool: 'forks',
        },
      },
    ],
  },
});
