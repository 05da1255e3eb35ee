// A validation error names its field in details.field (docs/reference/errors.md), not only in its
// message: REST renames details.field into the caller's spelling (rest-compat/router.ts), and a
// client reads the field from there. This reads every throw of the two field codes whose
// message starts with a field path and checks that it carries `field`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from '../helpers/child.ts';

function* sources(dir: string): Generator<string> {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* sources(full);
    else if (e.name.endsWith('.ts')) yield full;
  }
}

const THROW = /new AppError\('(?:VALIDATION_ERROR|UNPROCESSABLE)', [`'](?:\w|\.|\[\d+\])+: /g;

it('every validation error whose message names a field carries details.field', () => {
  const missing: string[] = [];
  for (const top of ['core', 'edge', 'rest-compat', 'subgraphs', 'gateway']) {
    for (const file of sources(path.join(ROOT, top))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(THROW)) {
        // The whole call, however the formatter wrapped it: up to its closing `);`.
        const end = text.indexOf(');', m.index);
        const call = text.slice(m.index, end < 0 ? undefined : end);
        if (!/\bfields?\b/.test(call))
          missing.push(`${path.relative(ROOT, file)}:${text.slice(0, m.index).split('\n').length}`);
      }
    }
  }
  expect(missing).toEqual([]);
});
