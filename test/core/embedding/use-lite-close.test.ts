// The USE-lite embedder's thread holds an ONNX Runtime session. Closing the embedder while that
// thread is inside a model call (the session's creation or a run) must not take the process down:
// terminating a thread mid-call aborted it with "terminate called after throwing an instance of
// 'Napi::Error'" (CI's integration lane lost a vitest fork to it; core/embedding/use-lite/worker.ts
// says why). A child process closes embedders mid-load and mid-batch, and must exit normally.
import { expect, it } from 'vitest';
import { spawnNode } from '../../helpers/child.ts';

it('survives closing the embedder while its thread is loading the model or running a batch', async () => {
  const child = spawnNode('test/core/embedding/fixtures/close-mid-call.ts', [], {});
  const code = await child.exited;
  const output = child.output();
  expect(output).not.toMatch(/terminate called|Napi::Error|Aborted/);
  // Aborted, the child has no exit code (it died of SIGABRT).
  expect(code).toBe(0);
  const out = JSON.parse(output.trim().split('\n').at(-1)!);
  expect(out.survived).toBe(true);
  for (const outcome of out.outcomes as string[]) {
    // A call cut short by the close is answered (closed), never left waiting; a new call starts a new thread.
    expect(outcome).toMatch(
      /^(load: (loaded|the embedder was closed)|batch: (embedded|the embedder was closed)|again: 512)$/,
    );
  }
  expect(out.outcomes.filter((o: string) => o === 'batch: the embedder was closed').length).toBeGreaterThan(0);
}, 300_000);
