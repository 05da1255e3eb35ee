// Issue 29, finding 18: SIGTERM did not stop the platform. A request that never finishes its body
// kept the memory service's server open (server.close() waits for it forever), so the process
// ran on until SIGKILL. Now requests in flight get SHUTDOWN_GRACE_MS and are then cut, and a
// stop that still hangs ends at the backstop (gateway/stop-on-signal.ts). The real entry point of
// npm start, as a child process, held up by real half-sent requests on both ports.
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import fs from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { spawnNode, type Child } from '../helpers/child.ts';
import { testDatabaseEnv } from '../helpers/postgres.ts';
import { tempDir } from '../helpers/server.ts';

const dataDir = tempDir();
let child: Child | undefined;
const held: net.Socket[] = [];
afterAll(() => {
  for (const s of held) s.destroy();
  child?.proc.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Sends a POST's headers and the start of its body, and never the rest. */
function halfSent(url: string, path: string, headers: Record<string, string>): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      const lines = [
        `POST ${path} HTTP/1.1`,
        `Host: ${hostname}:${port}`,
        'Content-Type: application/json',
        'Content-Length: 1000',
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n{"messages": [`, () => resolve());
    });
    socket.on('error', reject);
    held.push(socket);
  });
}

it('stops on SIGTERM within its grace period while requests hang half-sent on the gateway and the memory service', async () => {
  child = spawnNode('gateway/main.ts', [], {
    PORT: '0',
    MEMORY_PORT: '0',
    NODE_ENV: 'development',
    DATA_DIR: dataDir,
    SHUTDOWN_GRACE_MS: '500',
    LOG_LEVEL: 'info',
    ...(await testDatabaseEnv(dataDir)),
  });
  const [, url] = await child.waitFor(/GraphQL gateway\s+(http:\/\/\S+)\/graphql/, 120_000);
  const [, key] = await child.waitFor(/First API key \(pro tier, shown once\): (\S+)/);
  const [, memoryUrl] = await child.waitFor(/Memory service\s+(http:\/\/\S+)/);
  await halfSent(memoryUrl!, '/groups/g1/messages', { 'X-API-Key': key! });
  await halfSent(url!, '/graphql', { Authorization: `Bearer ${key}` });
  await sleep(200);
  child.proc.kill('SIGTERM');
  // Healthy: the 0.5 s grace and a moment; before the fix: never. The bound is far from both.
  const code = await Promise.race([child.exited, sleep(60_000).then(() => 'still running')]);
  expect(code).toBe(0);
  expect(child.output()).not.toContain('shutdown did not finish in time');
}, 240_000);
