// A pooled task that is nearly always inside ONNX Runtime: it opens and releases the lettering
// reader's PaddleOCR sessions (two native session loads) back to back until it is stopped.
import { defineTask } from '../../core/jobs/task.ts';
import { PaddleEngine } from '../../subgraphs/drawings/lettering/paddle.ts';

export default defineTask(async (): Promise<never> => {
  for (;;) await (await PaddleEngine.open()).close();
});
