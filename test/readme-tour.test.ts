// The README's tour runs as written: its shell blocks, in order, against a started server, with
// only the three lines that name the server and the key pointed at this test's server (the keys CLI
// itself is tested in test/core/auth/keys-cli.test.ts). A copy-and-paste example that stops
// working fails here.
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ROOT } from './helpers/child.ts';
import { startTestServer, type TestServer } from './helpers/server.ts';

const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const tour = readme.slice(readme.indexOf('## A tour'), readme.indexOf('\n## ', readme.indexOf('## A tour') + 1));
const blocks = [...tour.matchAll(/```sh\n([\s\S]*?)```/g)].map((m) => m[1]!);

const hasCurl = spawnSync('curl', ['--version']).status === 0;
if (!hasCurl) console.warn('[skip] the README tour needs curl (.ci/run installs it)');

let server: TestServer;
let key: string;
beforeAll(async () => {
  if (!hasCurl) return;
  server = await startTestServer();
  key = (await server.key('pro')).secret;
});
afterAll(() => server?.stop());

it('has a tour of shell blocks that define what they use', () => {
  expect(blocks.length).toBeGreaterThanOrEqual(4);
  expect(blocks[0]).toMatch(/^BASE=/m);
  expect(blocks[0]).toMatch(/^KEY=/m);
  expect(blocks.join('\n')).toContain('curl');
});

// Asynchronously: the server answers from this process's event loop, which a synchronous child would block.
it.skipIf(!hasCurl)(
  'runs every block of the tour against a started server',
  async () => {
    const script = blocks
      .join('\n')
      .replace(/^BASE=.*$/m, `BASE=${server.url}`)
      .replace(/^MEM=.*$/m, `MEM=${server.memoryUrl}`)
      .replace(/^KEY=.*$/m, `KEY=${key}`);
    const { stdout: out } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 240_000,
    });
    console.log(out.slice(0, 2_000));
    expect(out).not.toMatch(/"error":\s*\{|"detail":/); // no error envelope from any call
    expect(out).toContain('"codes"'); // GET /v1/codes
    expect(out).toContain('"filename"'); // GraphQL codes
    expect(out).toMatch(/"job_id":"[^"]+"/); // the search job read back
    expect(out).toContain('"success":true'); // memory: messages accepted
    expect(out).toContain('"facts"'); // memory: search answered
  },
  300_000,
);
