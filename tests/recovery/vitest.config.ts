import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'recovery',
    include: ['tests/recovery/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 60_000,
    // Each file starts and kills server processes: one at a time keeps the timings honest.
    fileParallelism: false,
  },
});
