// What a fuzz family is: one kind of hostile input, in a file of its own under fuzz/families/
// (listed in fuzz/families/index.ts). The run (fuzz/fuzz.ts) gives each family a phase of its
// own, so the worst /healthcheck time of the phase is that family's, and calls `step` from a few
// concurrent workers until the phase ends. A family sends through `ctx.send`, which counts the
// answer and records a failure for a 5xx other than 501 or no answer; it calls `ctx.fail` for
// any other broken promise it checks (a bound exceeded, a wrong answer).
import type { Rand } from './inputs.ts';

export interface FuzzTarget {
  url: string;
  memoryUrl: string;
  /** A key of an enterprise account (so rate limits do not hide the parsers). */
  key: string;
  /** A key of a free-tier account of its own (credits, tier limits). */
  freeKey?: string;
}

export interface Case {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: Buffer;
}

export interface Answer {
  status: number | string;
  text: string;
}

export interface Failure {
  kind: string;
  /** The case that failed (`family#index`): `npm run fuzz:replay -- --seed N --case family#index` sends it again. */
  case?: string;
  method: string;
  path: string;
  status: number | string;
  detail: string;
}

export interface StepContext {
  /** This step's own generator (caseRng): the same seed, family and index make the same case. */
  r: Rand;
  /** `family#index`: the name a failure carries and fuzz:replay takes. */
  caseId: string;
  target: FuzzTarget;
  /** Every REST route of the OpenAPI document. */
  routes: { method: string; path: string }[];
  /** Cut multipart bodies short (the stream-error case of issue 11, item 1). */
  truncatedMultipart: boolean;
  /**
   * Sends one request; counts it; a 5xx other than 501, no answer within `timeoutMs` (60 s unless
   * the family gives its route's documented bound), or an answer saying a worker task spent its
   * whole time limit (details.limit worker_task_timeout_ms: a small fuzz input should never hold a
   * thread that long) is a failure.
   */
  send(c: Case, options?: { timeoutMs?: number }): Promise<Answer>;
  fail(detail: string, where?: Partial<Failure>): void;
  /** True once the family's phase is over: a long scenario stops early. */
  over(): boolean;
}

export interface FuzzFamily {
  name: string;
  /** Server environment it needs (merged into the server's, before it starts). */
  serverEnv?: () => Record<string, string>;
  /** Starts what the family needs beside the server (a scripted model…); answers the environment to add and a teardown. */
  prepare?: () => Promise<{ env?: Record<string, string>; close?: () => Promise<void> }>;
  /** Workers calling `step` at once in this family's phase (4 by default). */
  concurrency?: number;
  /** Called once at the end of the phase: checks what only the whole phase shows (a total spent…). */
  finish?: (ctx: StepContext) => Promise<void>;
  step(ctx: StepContext): Promise<void>;
}
