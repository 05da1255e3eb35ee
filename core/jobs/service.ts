// What subgraphs use to create and read jobs: input is parsed by the job
// type's handler before anything is stored, so a bad request never becomes a job,
// and an account may have at most its tier's maxUnfinishedJobs pending or
// running (a flood of jobs is refused with 429 TOO_MANY_JOBS, not queued).
import type { Principal } from '../auth/keys.ts';
import type { Config } from '../config.ts';
import { AppError, fieldError } from '../errors.ts';
import type { JobEventBus } from './events.ts';
import type { JobStore } from './store.ts';
import type { JobHandler, JobRecord } from './types.ts';

export interface JobKind {
  type: string;
  title: string;
  description: string;
  typicalSecondsMin: number;
  typicalSecondsMax: number;
  mutation: string | null;
  internalBecause: string | null;
}

export interface JobService {
  /** generic: created by createJob / POST /v1/jobs, which internal types refuse. */
  create(
    principal: Principal,
    type: string,
    input: unknown,
    options?: { startDelayMs?: number; generic?: boolean },
  ): Promise<JobRecord>;
  get(id: string, principal: Principal): Promise<JobRecord>;
  /** The catalogue entry of a job type (every registered type, whichever process runs it). */
  kindOf(type: string): JobKind | null;
  /** The whole catalogue. */
  kinds(): JobKind[];
  readonly store: JobStore;
  readonly events: JobEventBus;
}

const kindOf = (h: JobHandler<unknown>): JobKind => ({
  type: h.type,
  title: h.title,
  description: h.description,
  typicalSecondsMin: h.typicalSeconds[0],
  typicalSecondsMax: h.typicalSeconds[1],
  mutation: h.operation?.mutation ?? null,
  internalBecause: h.internal?.why ?? null,
});

export function createJobService(
  store: JobStore,
  events: JobEventBus,
  handlers: ReadonlyMap<string, JobHandler<unknown>>,
  /** Hands a stored job to whoever runs it: wakes the in-process runner, or queues it (queue.ts). */
  dispatch: (job: JobRecord, queueing: { unfinished: number; runAfter: Date | null }) => void,
  tiers: Config['tiers'],
): JobService {
  return {
    store,
    events,
    async create(principal, type, input, options) {
      const handler = handlers.get(type);
      if (!handler) throw fieldError('UNPROCESSABLE', 'type', `unknown job type ${type}`, { field: 'type' });
      if (options?.generic && handler.internal) {
        throw fieldError(
          'UNPROCESSABLE',
          'type',
          `${type} jobs are created by ${handler.operation?.mutation} only: ${handler.internal.why}`,
          { field: 'type' },
        );
      }
      const parsed = handler.parse(input, principal, tiers[principal.tier]);
      const cap = tiers[principal.tier].maxUnfinishedJobs;
      const unfinished = await store.countUnfinished(principal.accountId);
      if (unfinished >= cap) {
        throw new AppError(
          'TOO_MANY_JOBS',
          `The account has ${unfinished} unfinished jobs, the most its ${principal.tier} tier allows; wait for some to finish`,
          {
            limit: cap,
            unfinished,
          },
        );
      }
      const runAfter = options?.startDelayMs ? new Date(Date.now() + options.startDelayMs) : undefined;
      const job = await store.create(principal, type, parsed, { runAfter });
      events.publish({ jobId: job.id, status: 'pending', progress: 0 });
      dispatch(job, { unfinished, runAfter: runAfter ?? null });
      return job;
    },
    get: (id, principal) => store.get(id, principal),
    kindOf(type) {
      const h = handlers.get(type);
      return h ? kindOf(h) : null;
    },
    kinds: () => [...handlers.values()].map(kindOf),
  };
}
