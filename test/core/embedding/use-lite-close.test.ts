// The USE-lite embedder's thread holds an ONNX Runtime session. Closing the embedder while that
// thread is inside a model call (the session's creation or a run) must not take the process down:
// terminating a thread mid-call aborted it with "terminate called after throwing an instance of
// 'Napi::Error'" (CI's integration lane lost a vitest fork to it; core/embedding/use-lite/worker.ts
// says why). A child process closes embedders mid-load and mid-batch, and must exit normally.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

it('survives closing the embedder while its thread is loading the model or running a batch', async () => {
  const { code, signal, stdout, stderr } = await new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((resolve) => {
    const child = execFile(process.execPath, [path.join(here, 'fixtures/close-mid-call.ts')], { timeout: 240_000 });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  expect(stderr).not.toMatch(/terminate called|Napi::Error|Aborted/);
  expect({ code, signal }).toEqual({ code: 0, signal: null });
  const out = JSON.parse(stdout.trim().split('\n').at(-1)!);
  expect(out.survived).toBe(true);
  for (const outcome of out.outcomes as string[]) {
    // A call cut short by the close is answered (closed), never left waiting; a new call starts a new thread.
    expect(outcome).toMatch(
      /^(load: (loaded|the embedder was closed)|batch: (embedded|the embedder was closed)|again: 512)$/,
    );
  }
  expect(out.outcomes.filter((o: string) => o === 'batch: the embedder was closed').length).toBeGreaterThan(0);
}, 300_000);
