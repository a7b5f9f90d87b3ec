import { defineConfig } from 'vitest/config';

// Unit and API tests of every workspace. The API suites run on PGlite always and, when
// TEST_DATABASE_URL is set, on that PostgreSQL server too (see apps/server/src/test/harness.ts).
export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'scripts/**/*.test.mjs'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: PGlite instances are memory-hungry; two files at a time keeps the run steady.
    maxWorkers: 2,
  },
});
