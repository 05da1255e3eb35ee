import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { lanes } from './test/lanes.ts';

const require = createRequire(import.meta.url);

// The lanes (test/lanes.ts, docs/guides/testing.md) are vitest projects: `npm test` runs unit and
// integration (test/run-lanes.ts), CI adds eval once and postgres on PostgreSQL.
const files = lanes(path.dirname(new URL(import.meta.url).pathname));

export default defineConfig({
  resolve: {
    // Node loads graphql's CommonJS build for everyone (Apollo requires it); Vite
    // would pick the ESM build for our files and two graphql realms would meet.
    alias: [{ find: /^graphql$/, replacement: require.resolve('graphql') }],
  },
  test: {
    // With TEST_POSTGRES_URL, the template the test databases are cloned from (test/helpers/postgres.ts).
    globalSetup: ['test/helpers/global-postgres.ts'],
    pool: 'forks',
    // Bounds far from a healthy test (seconds) and from a hung one (never): a machine whose cores
    // are busy with other work stretches server starts and jobs several times over.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Integration tests start real servers; two at a time suits a two-core machine.
    maxWorkers: 2,
    projects: (['unit', 'integration', 'eval', 'postgres'] as const).map((name) => ({
      extends: true,
      test: { name, include: files[name] },
    })),
    coverage: {
      provider: 'v8',
      // The product's code; tests, benchmarks, evaluations and the desktop package (its own lane) are not counted.
      // TypeScript only: schema/ holds .graphql SDL, which the coverage remapper would try to parse as code.
      include: ['{core,edge,gateway,rest-compat,schema,subgraphs,tool-schema/src}/**/*.ts'],
      exclude: ['**/*.d.ts', '**/node_modules/**'],
      reporter: ['text-summary', 'json'],
      // The figure is printed even when a test failed (a red run is when one looks at it).
      reportOnFailure: true,
    },
  },
});
