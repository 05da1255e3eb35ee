// The worker pool stops a task past its limit, on its caller's abort or at a forced close by
// terminating its thread (test/security/ holds the pool's other limits). A thread inside ONNX
// Runtime (the lettering reader's PaddleOCR) must not be terminated there: the process aborted with
// "terminate called after throwing an instance of 'Napi::Error'" (core/jobs/native-calls.ts says
// why). A child process stops tasks that are nearly always inside a native call, each way, and
// must exit normally.
import { expect, it } from 'vitest';
import { spawnNode } from '../helpers/child.ts';

it('stops a task inside an ONNX Runtime call at its limit, on abort and at close without aborting the process', async () => {
  const child = spawnNode('test/security/stop-mid-native-call.ts', [], {});
  const code = await child.exited;
  const output = child.output();
  expect(output).not.toMatch(/terminate called|Napi::Error|Aborted/);
  // Aborted, the child has no exit code (it died of SIGABRT).
  expect(code).toBe(0);
  const { survived, outcomes } = JSON.parse(output.trim().split('\n').at(-1)!);
  expect(survived).toBe(true);
  expect(outcomes.slice(0, 3)).toEqual(['limit: RESOURCE_LIMIT', 'limit: RESOURCE_LIMIT', 'abort: caller gone']);
  // At a close the task is stopped, one way or the other, and never finishes.
  expect(outcomes[3]).toMatch(/^close: /);
  expect(outcomes[3]).not.toBe('close: finished');
}, 300_000);
