// The subgraph layout rule of the README ("A subgraph's layout"), held for every subgraph that
// follows it: index.ts wiring, resolvers.ts and service.ts (at the top or per capability), job
// descriptors under a jobs/ folder, and no collaborators kept in a module-level cache keyed by
// the database, the platform or its configuration (they are built once and passed in).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SUBGRAPHS } from '../../subgraphs/registry.ts';
import { ROOT } from '../helpers/child.ts';

/** Subgraphs not yet in the layout, with what is left (issue 12). */
const TO_FOLLOW: Record<string, string> = {};

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(full);
    else if (entry.name.endsWith('.ts')) yield full;
  }
}

const following = Object.keys(SUBGRAPHS).filter((name) => !(name in TO_FOLLOW));

describe('subgraph layout', () => {
  it('lists only subgraphs that exist as still to follow', () => {
    for (const name of Object.keys(TO_FOLLOW)) expect(Object.keys(SUBGRAPHS)).toContain(name);
  });

  describe.each(following)('%s', (name) => {
    const dir = path.join(ROOT, 'subgraphs', name);
    const files = [...sources(dir)].map((f) => path.relative(dir, f));

    it('has index.ts, and resolvers.ts and service.ts at its top or in each capability folder that has resolvers', () => {
      expect(files).toContain('index.ts');
      expect(existsSync(path.join(dir, 'resolvers.ts')) || files.some((f) => f.endsWith('/resolvers.ts'))).toBe(true);
      for (const resolvers of files.filter((f) => f.endsWith('resolvers.ts'))) {
        expect(files, `service.ts beside ${resolvers}`).toContain(
          path.join(path.dirname(resolvers), 'service.ts').replace(/^\.\//, ''),
        );
      }
    });

    it('declares each job type in a jobs/ folder', () => {
      const declaring = files.filter((f) => /:\s*JobHandler\b/.test(readFileSync(path.join(dir, f), 'utf8')));
      for (const f of declaring) expect(f, `${f} declares a JobHandler`).toMatch(/(^|\/)jobs\/[^/]+\.ts$/);
    });

    it('keeps no collaborators in a module-level cache keyed by the database, platform or configuration', () => {
      for (const f of files) {
        const text = readFileSync(path.join(dir, f), 'utf8');
        expect(text, f).not.toMatch(/new WeakMap<\s*(Database|Platform|Config|object)\b/);
      }
    });
  });
});
