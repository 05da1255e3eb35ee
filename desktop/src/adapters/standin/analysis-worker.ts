// Worker-thread entry: runs analyses (./solver/) off the client's event loop, one message
// per analysis, so a large model never delays the bridge's heartbeat. See ./run-analysis.ts.
import { parentPort } from 'node:worker_threads';
import { analyse, SolverError, type AnalysisRequest } from './solver/index.ts';

parentPort!.on('message', ({ id, request }: { id: number; request: AnalysisRequest }) => {
  try {
    parentPort!.postMessage({ id, ok: true, value: analyse(request) });
  } catch (err) {
    if (err instanceof SolverError)
      parentPort!.postMessage({ id, ok: false, code: err.code, message: err.message, details: err.details });
    else parentPort!.postMessage({ id, ok: false, code: 'PROGRAM_ERROR', message: (err as Error).message });
  }
});
