// The test lanes (docs/guides/testing.md). Each test file is put in its lane by a rule that reads the
// file, so a new test lands in its lane without being listed anywhere:
// - eval: test/eval/, the evaluations on labelled and generated sets (drawing accuracy, code-search
//   quality, memory recall). The slowest files of the suite; CI runs them once, on the embedded
//   database, and `npm test` leaves them to `npm run test:eval`.
// - integration: a file that starts something real: a server (test/helpers/server.ts), Redis,
//   PostgreSQL, LibreOffice, a child process or a scripted model server, or a file in test/integration/.
// - unit: every other file. It calls functions in this process and is fast.
// - postgres: not a lane of `npm test` but the subset CI runs a second time on PostgreSQL
//   (TEST_POSTGRES_URL): the files whose outcome depends on the database's dialect. The store
//   contracts, the database and job-claim tests, test/integration/ (every server on its own database)
//   and any file that opens a test database or names TEST_POSTGRES_URL. The rest of the suite runs
//   the same code whatever the engine: the stores are reached through the contracts tested here.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const STARTS_SOMETHING =
  /helpers\/(?:server|redis|child|libreoffice|model-server|desktop-client|postgres|test-database)\.ts|from 'node:child_process'|startServer|createServer\(/;
const TOUCHES_DIALECT = /helpers\/(?:postgres|test-database)\.ts|TEST_POSTGRES_URL|store-contract/;
const DIALECT_FOLDERS = ['test/integration/', 'test/core/db/', 'test/core/jobs/', 'test/prisma/'];

export type Lane = 'unit' | 'integration' | 'eval';

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? testFiles(full) : e.name.endsWith('.test.ts') ? [full] : [];
  });
}

export interface Lanes {
  unit: string[];
  integration: string[];
  eval: string[];
  /** The files CI runs a second time on PostgreSQL. */
  postgres: string[];
}

/** The test files of `root` (the repository), by lane, as paths relative to it with '/' separators. */
export function lanes(root: string): Lanes {
  const files = testFiles(path.join(root, 'test'))
    .map((f) => path.relative(root, f).split(path.sep).join('/'))
    .sort();
  const text = new Map(files.map((f) => [f, readFileSync(path.join(root, f), 'utf8')]));
  const laneOf = (f: string): Lane =>
    f.startsWith('test/eval/')
      ? 'eval'
      : f.startsWith('test/integration/') || STARTS_SOMETHING.test(text.get(f)!)
        ? 'integration'
        : 'unit';
  const postgres = files.filter(
    (f) => laneOf(f) !== 'eval' && (DIALECT_FOLDERS.some((d) => f.startsWith(d)) || TOUCHES_DIALECT.test(text.get(f)!)),
  );
  return {
    unit: files.filter((f) => laneOf(f) === 'unit'),
    integration: files.filter((f) => laneOf(f) === 'integration'),
    eval: files.filter((f) => laneOf(f) === 'eval'),
    postgres,
  };
}
