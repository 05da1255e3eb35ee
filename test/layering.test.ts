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

/** Every TypeScript file of the repository's own code, from the root. */
function* allSources(): Generator<string> {
  for (const top of [
    'core',
    'schema',
    'subgraphs',
    'edge',
    'rest-compat',
    'gateway',
    'tool-schema',
    'eval',
    'fuzz',
    'bench',
    'prisma',
    'test',
    'desktop',
  ]) {
    for (const file of sources(path.join(ROOT, top)))
      if (!file.includes(`${path.sep}node_modules${path.sep}`) && !file.endsWith('.d.ts')) yield file;
  }
}

// ESLint's import-x/no-cycle (npm run lint) skips type-only imports; a cycle of types still ties
// two files together, so this one counts every import, `import type` included.
it('has no import cycle between files, type-only imports included', () => {
  const graph = new Map<string, string[]>();
  for (const file of allSources()) graph.set(path.relative(ROOT, file), importsOf(file));
  // Tarjan's strongly connected components: every component of more than one file is a cycle.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      onStack.delete(w);
      component.push(w);
      if (w === v) break;
    }
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  expect(cycles).toEqual([]);
});
