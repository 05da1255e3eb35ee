import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // Node loads graphql's CommonJS build for everyone (Apollo requires it); Vite
    // would pick the ESM build for our files and two graphql realms would meet.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    // With TEST_POSTGRES_URL, the template the test databases are cloned from (test/helpers/postgres.ts).
    globalSetup: ['test/helpers/global-postgres.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
    // Integration tests start real servers; two at a time suits a two-core machine.
    maxWorkers: 2,
  },
});
