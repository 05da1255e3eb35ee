// One program driven over COM through the helper process: connecting (starting the program, or
// re-attaching to the instance this client started after a helper restart), calls on its objects,
// the lane state from the program's own state, and closing only what this client started.
//
// Lane state: not_running until the helper holds a live COM object; busy while a request is in
// the helper (the programs have no progress API: a call in flight is the only sign of work);
// ready otherwise. While connected and idle, the helper is asked every `probeMs` whether the
// object still answers (the user may have closed the program), and the lane follows.
import { EventEmitter } from 'node:events';
import type { Program } from '@structural-platform/tool-schema';
import { ToolFailure } from '../adapter.ts';
import type { Logger } from '../../logs/logger.ts';
import { HelperError, HelperProcess, type HelperAnswer, type HelperCommand } from './helper-process.ts';
import { noteProgramCall } from '../../safety/program-calls.ts';

export type ComLaneState = 'not_running' | 'ready' | 'busy';

export interface Connection {
  /** This helper started the program (rather than attaching to a running instance). */
  started: boolean;
  /** The program's process id, when the helper could tell. */
  pid: number | null;
  version: string | null;
}

export interface ComSessionOptions {
  program: Program;
  label: string;
  helper: HelperCommand;
  log: Logger;
  /** The connect request's fields (which program, which executable); `ownPid` is added when re-attaching. */
  connect: () => Record<string, unknown>;
  /** The call that closes the program, made only when this client started it. */
  exit: { target: string; args: unknown[] };
  probeMs?: number;
  /** Time limits, ms: connecting (starting the program), ordinary calls. */
  connectTimeoutMs?: number;
  callTimeoutMs?: number;
  /** Passed to the helper process (tests shorten them). */
  helperLimits?: { startTimeoutMs?: number; maxLineBytes?: number; maxRestarts?: number; restartWindowMs?: number };
}

export interface SessionEvents {
  state: [];
}

/** A value the helper returns for a COM object: kept in its handle table, named by this. */
export type Handle = { $handle: string };
export const isHandle = (v: unknown): v is Handle =>
  typeof v === 'object' && v !== null && typeof (v as Handle).$handle === 'string';

export class ComSession extends EventEmitter<SessionEvents> {
  readonly helper: HelperProcess;
  private readonly o: ComSessionOptions;
  private connection: Connection | null = null;
  /** The instance this client started: it survives helper restarts and is the only one ever closed. */
  private own: { pid: number | null } | null = null;
  private probeTimer: NodeJS.Timeout | null = null;
  /** Bumped by every connection (a new helper): handles of an older one are gone. */
  generation = 0;
  /** Bumped when the connection is to another program instance than before: the model in the old one is gone. */
  instance = 0;
  private lastState: ComLaneState = 'not_running';

  constructor(o: ComSessionOptions) {
    super();
    this.o = o;
    this.helper = new HelperProcess({ command: o.helper, log: o.log, timeoutMs: o.callTimeoutMs, ...o.helperLimits });
    this.helper.on('state', () => {
      if (!this.helper.alive) this.connection = null; // a new helper must connect again
      this.changed();
    });
  }

  laneState(): ComLaneState {
    if (this.helper.busy) return 'busy';
    return this.connection && this.helper.alive ? 'ready' : 'not_running';
  }

  /** A program instance this client started is (as far as it knows) running. */
  get ownsInstance(): boolean {
    return this.own !== null;
  }

  get connected(): Connection | null {
    return this.connection;
  }

  /** Connects if needed: re-attaches to the client's own instance, else starts the program. */
  async ensureConnected(): Promise<Connection> {
    if (this.connection && this.helper.alive) return this.connection;
    const payload = { ...this.o.connect(), ...(this.own?.pid ? { ownPid: this.own.pid } : {}) };
    const answer = await this.wrap(() =>
      this.helper.request('connect', payload, {
        timeoutMs: this.o.connectTimeoutMs ?? 180_000,
        what: `starting ${this.o.label}`,
      }),
    );
    const v = answer.value as Partial<Connection> & { reattached?: boolean };
    this.generation++;
    if (v.reattached !== true) this.instance++;
    this.connection = {
      started: v.started === true,
      pid: typeof v.pid === 'number' ? v.pid : null,
      version: typeof v.version === 'string' ? v.version : null,
    };
    if (this.connection.started) this.own = { pid: this.connection.pid };
    else if (this.own && !(v.reattached === true)) this.own = null; // our instance is gone; this one is not ours
    this.o.log.info('program connected', { program: this.o.program, ...this.connection, own: this.own !== null });
    this.scheduleProbe();
    this.changed();
    return this.connection;
  }

  /** Calls a method; `byref` lists the argument positions the program writes back (answered in `out`, in that order). */
  async call(
    target: string,
    args: unknown[] = [],
    options: { byref?: number[]; timeoutMs?: number } = {},
  ): Promise<HelperAnswer> {
    await this.ensureConnected();
    const started = performance.now();
    try {
      const answer = await this.wrap(() =>
        this.helper.request(
          'call',
          { target, args, byref: options.byref ?? [] },
          { timeoutMs: options.timeoutMs, what: target },
        ),
      );
      noteProgramCall({ target, args, returned: answer.value, ms: performance.now() - started });
      return answer;
    } catch (err) {
      noteProgramCall({ target, args, returned: null, ms: performance.now() - started, error: (err as Error).message });
      throw err;
    }
  }

  /** Reads properties of an object (a dotted path or a handle). */
  async get(target: string | Handle, names: string[]): Promise<Record<string, unknown>> {
    await this.ensureConnected();
    const t = isHandle(target) ? target.$handle : target;
    const a = await this.wrap(() =>
      this.helper.request('get', { target: t, names }, { what: `${t}.{${names.join(',')}}` }),
    );
    return (a.value ?? {}) as Record<string, unknown>;
  }

  /** Lets the helper drop objects it holds for handles. */
  async release(handles: Handle[]): Promise<void> {
    if (handles.length === 0 || !this.helper.alive) return;
    await this.helper
      .request('release', { handles: handles.map((h) => h.$handle) }, { what: 'release' })
      .catch(() => undefined);
  }

  /**
   * Closes the program only if this client started it (the user's own instance is never
   * closed), then ends the helper. A helper that cannot do it in time is killed, and so is the
   * program instance it started, by its process id.
   */
  async close(): Promise<void> {
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = null;
    if (this.own) {
      try {
        if (this.connection && this.helper.alive)
          await this.helper.request(
            'call',
            { target: this.o.exit.target, args: this.o.exit.args, byref: [] },
            { timeoutMs: 30_000, what: this.o.exit.target },
          );
        else if (this.own.pid) process.kill(this.own.pid);
      } catch (err) {
        this.o.log.warn('closing the program failed', { program: this.o.program, error: (err as Error).message });
        if (this.own.pid) {
          try {
            process.kill(this.own.pid);
          } catch {
            // Already gone.
          }
        }
      }
      this.own = null;
    }
    this.connection = null;
    await this.helper.close();
    this.changed();
  }

  private scheduleProbe(): void {
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = setTimeout(() => void this.probe(), this.o.probeMs ?? 15_000);
    this.probeTimer.unref();
  }

  private async probe(): Promise<void> {
    this.probeTimer = null;
    if (!this.connection || !this.helper.alive) return;
    if (!this.helper.busy) {
      try {
        const a = await this.helper.request('status', {}, { timeoutMs: 10_000, what: 'status' });
        if ((a.value as { attached?: unknown })?.attached !== true) this.lost('the program no longer answers', true);
      } catch (err) {
        // The helper hung or died, not necessarily the program: it stays ours (closed by pid at quit).
        this.lost((err as Error).message, false);
      }
    }
    if (this.connection) this.scheduleProbe();
  }

  /** The program went away (closed by the user, or crashed): the lane is not running; the next call starts it again. */
  private lost(reason: string, gone: boolean): void {
    this.o.log.warn('program lost', { program: this.o.program, reason });
    this.connection = null;
    if (gone) this.own = null;
    void this.helper.stop();
    this.changed();
  }

  private changed(): void {
    const state = this.laneState();
    if (state === this.lastState) return;
    this.lastState = state;
    this.emit('state');
  }

  /** Helper failures as tool errors the model can act on. */
  private async wrap<T>(f: () => Promise<T>): Promise<T> {
    try {
      return await f();
    } catch (err) {
      if (!(err instanceof HelperError)) throw err;
      throw toolFailureOf(err, this.o.label);
    }
  }
}

export function toolFailureOf(err: HelperError, label: string): ToolFailure {
  switch (err.kind) {
    case 'too_large':
      return new ToolFailure('TOO_LARGE', err.message);
    case 'start_failed':
    case 'unavailable':
    case 'closed':
      return new ToolFailure('PROGRAM_NOT_AVAILABLE', `${label}: ${err.message}`);
    case 'remote':
      if (err.remoteKind === 'not_connected' || err.remoteKind === 'start_failed')
        return new ToolFailure('PROGRAM_NOT_AVAILABLE', `${label}: ${err.message}`, err.details);
      return new ToolFailure('PROGRAM_ERROR', `${label}: ${err.message}`, { kind: err.remoteKind, ...err.details });
    default:
      return new ToolFailure('PROGRAM_ERROR', `${label}: ${err.message}`, { kind: err.kind });
  }
}
