import { defineConfig } from 'vitest/config';

// The chaos suite (test/chaos, issue 16): real processes killed at random, a
// PostgreSQL cluster of its own restarted mid-drain. `npm run test:chaos`;
// CI runs it once, after the two test passes.
export default defineConfig({
  test: {
    include: ['test/chaos/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 240_000,
    hookTimeout: 120_000,
  },
});
