// How long the fuzz waits for an answer on a route that documents a bound longer than the default
// 60 s, taken from the same limits the server reads (core/limits.ts; the fuzz passes its environment
// to the server). A client that gives up before the server's own bound reports a timeout the server
// is allowed to take: the round-3 CI failure was first read that way.
import { LIMITS } from '../core/limits.ts';

/** Network, storage and the answer's write after the worker task. */
const SLACK_MS = 10_000;

/**
 * POST /v1/drawings (docs/capabilities/drawings.md, "Concurrent uploads under load"): a wait for a
 * thread of at most DRAWING_QUEUE_WAIT_MS, then the analysis under DRAWING_TIMEOUT_MS of CPU with
 * a wall-clock backstop WORKER_WALL_FACTOR times that: 150 + 2 × 60 = 270 s by default.
 */
export const drawingAnswerMs = (): number =>
  LIMITS.drawingQueueWaitMs + LIMITS.workerWallFactor * LIMITS.drawingTimeoutMs + SLACK_MS;
