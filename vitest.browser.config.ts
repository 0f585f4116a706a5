// Browser tests: a real headless Chromium against a real listening Hado.
// One file at a time (each starts a browser); `npm run test:browser`.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/browser/**/*.test.ts'],
    fileParallelism: false,
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
