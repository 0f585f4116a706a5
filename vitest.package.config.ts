import { defineConfig } from 'vitest/config';

// The packed-tarball test (npm pack, npm install into an empty folder, start it): slow and
// backend-independent, so it runs on its own (`npm run test:package`, in CI), not in `npm test`.
export default defineConfig({
  test: {
    include: ['test/package/**/*.test.ts'],
    pool: 'forks',
    testTimeout: 180_000,
    hookTimeout: 300_000,
  },
});
