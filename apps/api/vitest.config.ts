import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One PostgreSQL for the whole run; each test file gets its own database cloned
    // from a migrated, seeded template (test/global-setup.ts).
    globalSetup: ['./test/global-setup.ts'],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
