// The generated reference pages match the code they are generated from: a code added to
// core/errors.ts without `npm run docs` fails here, naming the page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { DOCS, generatedPages } from '../../docs/generate.ts';
import { ERROR_TABLE } from '../../core/errors.ts';

it.each(Object.entries(generatedPages()))('docs/%s is what npm run docs writes from the code', (page, text) => {
  expect(readFileSync(path.join(DOCS, page), 'utf8'), `docs/${page} is stale: run npm run docs`).toBe(text);
});

it('documents every error code with its status and when it is answered', () => {
  const page = readFileSync(path.join(DOCS, 'reference/errors.md'), 'utf8');
  for (const [code, row] of Object.entries(ERROR_TABLE)) {
    expect(row.when.length, code).toBeGreaterThan(20);
    expect(page).toMatch(new RegExp(`^\\| ${row.status} \\| \`${code}\` \\|`, 'm'));
  }
});
