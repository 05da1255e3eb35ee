// core/ is what every part shares, so it depends on none of them: a module of
// core/ that imported a subgraph or an edge would tie every process to it.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const OUTSIDE = ['subgraphs', 'gateway', 'rest-compat', 'edge'];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    return d.isDirectory() ? sources(p) : d.name.endsWith('.ts') ? [p] : [];
  });
}

it('core/ imports nothing from subgraphs/, gateway/, rest-compat/ or edge/', () => {
  const offending: string[] = [];
  for (const file of sources(path.join(root, 'core'))) {
    const text = fs.readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
      const target = path.relative(root, path.resolve(path.dirname(file), m[1]!));
      if (OUTSIDE.includes(target.split(path.sep)[0]!)) offending.push(`${path.relative(root, file)} → ${target}`);
    }
  }
  expect(offending).toEqual([]);
});
