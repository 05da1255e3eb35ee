// The layering rule of the code base: each top-level folder imports only from the folders below
// it, so there are no import cycles between them and shared infrastructure sits at the bottom.
//
//   core, schema  ←  subgraphs  ←  edge  ←  rest-compat  ←  gateway
//
// core is what every part shares (config, errors, database, jobs, files); schema holds the SDL;
// a subgraph imports neither another subgraph nor anything above it; edge holds the HTTP
// concerns (context, auth, rate limits, errors as responses); rest-compat is the REST surface;
// gateway starts processes and may use everything.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from './helpers/child.ts';

const LAYERS: Record<string, readonly string[]> = {
  core: ['core'],
  schema: ['schema', 'core'],
  subgraphs: ['subgraphs', 'core', 'schema'],
  edge: ['edge', 'core', 'schema', 'subgraphs'],
  'rest-compat': ['rest-compat', 'edge', 'core', 'schema', 'subgraphs'],
  gateway: ['gateway', 'rest-compat', 'edge', 'core', 'schema', 'subgraphs'],
};

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (entry.name.endsWith('.ts')) yield full;
  }
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every relative import of a file, as [the importing folder path, the imported file path], both from the repository root. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2]!;
    if (spec.startsWith('.')) out.push(path.relative(ROOT, path.resolve(path.dirname(file), spec)));
  }
  return out;
}

it('imports only downwards: core, schema ← subgraphs ← edge ← rest-compat ← gateway', () => {
  const wrong: string[] = [];
  for (const [layer, allowed] of Object.entries(LAYERS)) {
    for (const file of sources(path.join(ROOT, layer))) {
      const from = path.relative(ROOT, file);
      for (const target of importsOf(file)) {
        const top = target.split(path.sep)[0]!;
        if (top in LAYERS && !allowed.includes(top)) wrong.push(`${from} → ${target}`);
      }
    }
  }
  expect(wrong).toEqual([]);
});

it('keeps subgraphs apart: a subgraph imports no other subgraph (shared code belongs in core)', () => {
  const wrong: string[] = [];
  for (const file of sources(path.join(ROOT, 'subgraphs'))) {
    const parts = path.relative(ROOT, file).split(path.sep);
    if (parts.length < 3) continue; // subgraphs/registry.ts and module.ts wire them together
    for (const target of importsOf(file)) {
      const t = target.split(path.sep);
      if (t[0] === 'subgraphs' && t.length >= 3 && t[1] !== parts[1]) wrong.push(`${parts.join('/')} → ${target}`);
    }
  }
  expect(wrong).toEqual([]);
});
