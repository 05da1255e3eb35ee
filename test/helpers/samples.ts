// Real sample files for tests. Redistributable ones are in test/fixtures/ (provenance and licence
// in its README); the others exist only in ../shared/samples/ beside the repository, which a fresh
// clone does not have. A test that needs one of those asks `optionalSample` and skips with a
// notice naming the file, so `npm test` passes in a clone and still runs everything here.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './child.ts';

const FIXTURES = path.join(ROOT, 'test/fixtures');
const SHARED = path.resolve(ROOT, '../shared/samples');

/** The path of a sample under test/fixtures/ (or, failing that, ../shared/samples/), by its path relative to either; null when neither holds it. */
export function samplePath(rel: string): string | null {
  for (const base of [FIXTURES, SHARED]) {
    const p = path.join(base, rel);
    if (existsSync(p)) return p;
  }
  return null;
}

/** The bytes of a sample that the repository carries in test/fixtures/. */
export function fixture(rel: string): Buffer {
  const p = path.join(FIXTURES, rel);
  if (!existsSync(p)) throw new Error(`test/fixtures/${rel} is missing from the repository`);
  return readFileSync(p);
}

/**
 * The path of a sample that only ../shared/samples/ may hold (not redistributable), or null after
 * printing a notice; use it with `it.skipIf(!p)` so the skip is visible in the report too.
 */
export function optionalSample(rel: string): string | null {
  const p = samplePath(rel);
  if (!p)
    console.warn(
      `[skip] ../shared/samples/${rel} is absent (not redistributable, so not in test/fixtures/): the tests that need it are skipped`,
    );
  return p;
}

/** Every file with the extension in a sample folder, from test/fixtures/ and ../shared/samples/ together (by name, fixtures first). */
export function sampleFiles(dir: string, ext: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const base of [FIXTURES, SHARED]) {
    const d = path.join(base, dir);
    if (!existsSync(d)) continue;
    for (const f of readdirSync(d)) if (f.endsWith(ext) && !out.has(f)) out.set(f, path.join(d, f));
  }
  return out;
}
