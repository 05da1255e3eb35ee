import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MALLOC_TUNABLES } from '../../fuzz/start.ts';

describe('the fuzz server start', () => {
  it("runs the server with the documented start's allocator setting, which a caller's own GLIBC_TUNABLES replaces", () => {
    const { scripts } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      scripts: Record<string, string>;
    };
    for (const name of ['start', 'start:cluster'])
      expect(scripts[name]).toContain(`GLIBC_TUNABLES=\${GLIBC_TUNABLES:-${MALLOC_TUNABLES}} exec node`);
  });
});
