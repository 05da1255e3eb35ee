// Worker-thread entry: runs analyses (./solver.ts) off the client's event loop, one message
// per analysis, so a large model never delays the bridge's heartbeat. See ./run-analysis.ts.
import { parentPort } from 'node:worker_threads';
import { analyse, SolverError, type LoadCase, type SolverModel } from './solver.ts';

parentPort!.on('message', ({ id, model, cases }: { id: number; model: SolverModel; cases: LoadCase[] }) => {
  try {
    parentPort!.postMessage({ id, ok: true, value: analyse(model, cases) });
  } catch (err) {
    if (err instanceof SolverError) parentPort!.postMessage({ id, ok: false, code: err.code, message: err.message, details: err.details });
    else parentPort!.postMessage({ id, ok: false, code: 'PROGRAM_ERROR', message: (err as Error).message });
  }
});
