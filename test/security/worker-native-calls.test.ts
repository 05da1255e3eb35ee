// The worker pool stops a task past its limit, on its caller's abort or at a forced close by
// terminating its thread. A thread inside ONNX Runtime (the lettering reader's PaddleOCR) must not
// be terminated there: the process aborted with "terminate called after throwing an instance of
// 'Napi::Error'" (core/jobs/native-calls.ts says why; test/security/ holds the pool's other limits). A child process stops tasks that are nearly
// always inside a native call, each way, and must exit normally.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

it('stops a task inside an ONNX Runtime call at its limit, on abort and at close without aborting the process', async () => {
  const { code, signal, stdout, stderr } = await new Promise<{
    code: number | null;
    signal: NodeJS.Signals | null;
    stdout: string;
    stderr: string;
  }>((resolve) => {
    const child = execFile(process.execPath, [path.join(here, 'stop-mid-native-call.ts')], {
      timeout: 240_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr!.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  expect(stderr).not.toMatch(/terminate called|Napi::Error|Aborted/);
  expect({ code, signal }).toEqual({ code: 0, signal: null });
  const { survived, outcomes } = JSON.parse(stdout.trim().split('\n').at(-1)!);
  expect(survived).toBe(true);
  expect(outcomes.slice(0, 3)).toEqual(['limit: RESOURCE_LIMIT', 'limit: RESOURCE_LIMIT', 'abort: caller gone']);
  // At a close the task is stopped, one way or the other, and never finishes.
  expect(outcomes[3]).toMatch(/^close: /);
  expect(outcomes[3]).not.toBe('close: finished');
}, 300_000);
