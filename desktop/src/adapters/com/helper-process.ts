// The client's side of the COM helper (desktop/helpers/com-helper.ps1): a child process that
// holds the program's COM object on one STA thread and answers one JSON request per line on
// stdin with one JSON answer per line on stdout. The helper is a separate process so that a COM
// call that blocks (a CSI call cannot be interrupted) or a program that hangs never blocks the
// client: the helper is killed and started again, and the program keeps running.
//
// Protocol (version 1), one JSON object per line, UTF-8:
//   helper → client, once at start:  {"ready": true, "protocol": 1}
//   client → helper:                 {"id": 7, "op": "...", ...}
//   helper → client:                 {"id": 7, "ok": true, "value": ..., "out": [...]}
//                                    {"id": 7, "ok": false, "error": {"kind": "...", "message": "..."}}
// Rules applied here:
// - One request at a time (the COM object lives on one thread; calls are serial anyway).
// - Each request has a time limit; past it the helper is killed (the call cannot be
//   interrupted otherwise) and the request fails with `timeout`.
// - A helper that exits mid-call fails that call with `crashed`; the next request starts a new
//   one. More than `maxRestarts` starts within `restartWindowMs` and the helper is not started
//   again until the window has passed (`unavailable`), so a helper that dies at once does not spin.
// - A line longer than `maxLineBytes` fails the request in flight with `too_large` and is
//   skipped to its end; a line that is not a protocol message is refused (logged, counted) and,
//   past `maxGarbageLines` during one request, the helper is killed as out of step.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { EventEmitter } from 'node:events';
import type { Logger } from '../../logs/logger.ts';

export const PROTOCOL_VERSION = 1;

export type HelperErrorKind =
  | 'timeout' // no answer within the request's time limit: the helper was killed
  | 'crashed' // the helper exited while the request was in flight
  | 'too_large' // the answer exceeded the line limit
  | 'malformed' // the answer to the request was not a protocol message
  | 'start_failed' // the helper could not be started or did not say it was ready
  | 'unavailable' // the helper failed too often recently and is not restarted yet
  | 'closed' // the adapter was closed
  | 'remote'; // the helper answered with an error (a COM error, a refused request)

export class HelperError extends Error {
  readonly kind: HelperErrorKind;
  /** For `remote`: the helper's own error kind ("com", "refused", "not_connected", …). */
  readonly remoteKind?: string;
  readonly details?: Record<string, unknown>;
  constructor(kind: HelperErrorKind, message: string, remote?: { kind?: string; details?: Record<string, unknown> }) {
    super(message);
    this.kind = kind;
    this.remoteKind = remote?.kind;
    this.details = remote?.details;
  }
}

export interface HelperCommand {
  command: string;
  args: string[];
  env?: Record<string, string>;
}

export interface HelperOptions {
  command: HelperCommand;
  log: Logger;
  /** Time for the helper to start and print its ready line (PowerShell takes seconds on a cold start). */
  startTimeoutMs?: number;
  /** Default time limit of a request. */
  timeoutMs?: number;
  /** Longest answer line accepted, in bytes. */
  maxLineBytes?: number;
  maxGarbageLines?: number;
  maxRestarts?: number;
  restartWindowMs?: number;
}

export interface HelperAnswer {
  value: unknown;
  out: unknown[];
}

interface InFlight {
  id: number;
  what: string;
  resolve: (a: HelperAnswer) => void;
  reject: (e: HelperError) => void;
  timer: NodeJS.Timeout;
  garbage: number;
}

const DEFAULTS = {
  startTimeoutMs: 30_000,
  timeoutMs: 60_000,
  maxLineBytes: 16 * 1024 * 1024,
  maxGarbageLines: 20,
  maxRestarts: 3,
  restartWindowMs: 60_000,
};

export interface HelperEvents {
  /** The helper started, stopped or changed between idle and busy. */
  state: [];
}

export class HelperProcess extends EventEmitter<HelperEvents> {
  private readonly o: Required<Omit<HelperOptions, 'command' | 'log'>> & Pick<HelperOptions, 'command' | 'log'>;
  private child: ChildProcessWithoutNullStreams | null = null;
  private starting: Promise<ChildProcessWithoutNullStreams> | null = null;
  private readonly starts: number[] = [];
  private queue: Promise<unknown> = Promise.resolve();
  private inFlight: InFlight | null = null;
  private nextId = 1;
  private closed = false;
  /** The last bytes the helper wrote to stderr, for the error message when it dies. */
  private stderrTail = '';
  /** Lines refused since the helper started (not protocol messages). */
  refusedLines = 0;

  constructor(options: HelperOptions) {
    super();
    this.o = {
      ...DEFAULTS,
      ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
    } as typeof this.o;
  }

  /** A helper process is running. */
  get alive(): boolean {
    return this.child !== null;
  }

  /** A request is in flight. */
  get busy(): boolean {
    return this.inFlight !== null;
  }

  /** The helper's process id, while it runs. */
  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /**
   * Sends one request and waits for its answer. Requests are queued and sent one at a time.
   * `timeoutMs` covers the wait once the request is sent (not the time spent in the queue).
   */
  request(
    op: string,
    payload: Record<string, unknown> = {},
    options: { timeoutMs?: number; what?: string } = {},
  ): Promise<HelperAnswer> {
    const run = async (): Promise<HelperAnswer> => {
      if (this.closed) throw new HelperError('closed', 'the program adapter is closed');
      const child = await this.ensureStarted();
      return this.send(child, op, payload, options.timeoutMs ?? this.o.timeoutMs, options.what ?? op);
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Ends the helper: stdin closed (it exits by itself), killed if it has not within `graceMs`. */
  async close(graceMs = 2_000): Promise<void> {
    this.closed = true;
    await this.stop(graceMs);
  }

  /** Stops the running helper (a later request starts a new one). */
  async stop(graceMs = 2_000): Promise<void> {
    const child = this.child ?? (this.starting ? await this.starting.catch(() => null) : null);
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    // Let go of it at once: a request made meanwhile starts a new helper instead of reaching this one.
    if (this.child === child) {
      this.child = null;
      if (this.inFlight)
        this.settle(
          this.inFlight,
          new HelperError('closed', `the COM helper was stopped during ${this.inFlight.what}`),
        );
      this.emit('state');
    }
    const exited = new Promise<void>((res) => child.once('exit', () => res()));
    child.stdin.end();
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
  }

  private ensureStarted(): Promise<ChildProcessWithoutNullStreams> {
    if (this.child) return Promise.resolve(this.child);
    if (this.starting) return this.starting;
    const now = Date.now();
    while (this.starts.length && now - this.starts[0]! > this.o.restartWindowMs) this.starts.shift();
    if (this.starts.length >= this.o.maxRestarts) {
      const wait = Math.ceil((this.o.restartWindowMs - (now - this.starts[0]!)) / 1000);
      return Promise.reject(
        new HelperError(
          'unavailable',
          `the COM helper failed ${this.starts.length} times within ${this.o.restartWindowMs / 1000} s; it is started again in ${wait} s`,
        ),
      );
    }
    this.starts.push(now);
    this.starting = this.start().finally(() => (this.starting = null));
    return this.starting;
  }

  private start(): Promise<ChildProcessWithoutNullStreams> {
    return new Promise((resolve, reject) => {
      const { command, args, env } = this.o.command;
      let child: ChildProcessWithoutNullStreams;
      try {
        child = spawn(command, args, { stdio: 'pipe', windowsHide: true, env: { ...process.env, ...env } });
      } catch (err) {
        reject(new HelperError('start_failed', `the COM helper could not be started: ${(err as Error).message}`));
        return;
      }
      this.stderrTail = '';
      this.refusedLines = 0;
      let ready = false;
      const fail = (message: string) => {
        if (ready) return;
        ready = true;
        clearTimeout(timer);
        child.kill('SIGKILL');
        reject(new HelperError('start_failed', message));
      };
      const timer = setTimeout(
        () => fail(`the COM helper did not say it was ready within ${this.o.startTimeoutMs / 1000} s`),
        this.o.startTimeoutMs,
      );
      child.on('error', (err) => fail(`the COM helper could not be started: ${err.message}`));
      child.stderr.on('data', (chunk: Buffer) => {
        this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-4096);
      });
      child.stdin.on('error', () => undefined); // a dead helper's pipe: reported by 'exit'
      this.readLines(child, (line) => {
        if (!ready) {
          const msg = parseJson(line);
          if (msg && msg.ready === true && msg.protocol === PROTOCOL_VERSION) {
            ready = true;
            clearTimeout(timer);
            this.child = child;
            this.o.log.info('COM helper started', { pid: child.pid });
            this.emit('state');
            resolve(child);
          } else if (msg && msg.ready === true)
            fail(`the COM helper speaks protocol ${String(msg.protocol)}, this client ${PROTOCOL_VERSION}`);
          else this.refuse(line);
          return;
        }
        this.answer(line);
      });
      child.on('exit', (code, signal) => {
        fail(`the COM helper exited before it was ready (${signal ?? `code ${code}`})${this.stderrNote()}`);
        if (this.child !== child) return;
        this.child = null;
        this.o.log.warn('COM helper exited', { code, signal, stderr: this.stderrTail.slice(-500) });
        const f = this.inFlight;
        if (f)
          this.settle(
            f,
            new HelperError(
              'crashed',
              `the COM helper exited (${signal ?? `code ${code}`}) during ${f.what}${this.stderrNote()}`,
            ),
          );
        this.emit('state');
      });
    });
  }

  private stderrNote(): string {
    const tail = this.stderrTail.trim().split('\n').slice(-3).join(' | ').slice(-500);
    return tail ? `: ${tail}` : '';
  }

  /** Splits stdout into lines, holding at most maxLineBytes of a line; a longer one is skipped to its end. */
  private readLines(child: ChildProcessWithoutNullStreams, onLine: (line: string) => void): void {
    let parts: Buffer[] = [];
    let held = 0;
    let skipping = false;
    child.stdout.on('data', (chunk: Buffer) => {
      let start = 0;
      for (;;) {
        const nl = chunk.indexOf(10, start);
        const piece = chunk.subarray(start, nl === -1 ? chunk.length : nl);
        if (!skipping) {
          if (held + piece.length > this.o.maxLineBytes) {
            skipping = true;
            parts = [];
            held = 0;
            this.tooLarge();
          } else {
            parts.push(piece);
            held += piece.length;
          }
        }
        if (nl === -1) break;
        if (!skipping) onLine(Buffer.concat(parts).toString('utf8').replace(/\r$/, ''));
        parts = [];
        held = 0;
        skipping = false;
        start = nl + 1;
      }
    });
  }

  private send(
    child: ChildProcessWithoutNullStreams,
    op: string,
    payload: Record<string, unknown>,
    timeoutMs: number,
    what: string,
  ): Promise<HelperAnswer> {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const flight: InFlight = {
        id,
        what,
        resolve,
        reject,
        garbage: 0,
        timer: setTimeout(() => {
          this.settle(
            flight,
            new HelperError(
              'timeout',
              `${what} did not answer within ${Math.round(timeoutMs / 1000)} s; the COM helper was stopped (the program may still be working)`,
            ),
          );
          this.kill(child);
        }, timeoutMs),
      };
      this.inFlight = flight;
      this.emit('state');
      child.stdin.write(JSON.stringify({ ...payload, id, op }) + '\n');
    });
  }

  private settle(f: InFlight, outcome: HelperAnswer | HelperError): void {
    if (this.inFlight !== f) return;
    clearTimeout(f.timer);
    this.inFlight = null;
    if (outcome instanceof HelperError) f.reject(outcome);
    else f.resolve(outcome);
    this.emit('state');
  }

  /** Kills a helper and lets go of it at once: the next request starts a new one rather than writing to this one as it dies. */
  private kill(child: ChildProcessWithoutNullStreams): void {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    if (this.child === child) {
      this.child = null;
      this.emit('state');
    }
  }

  private tooLarge(): void {
    const f = this.inFlight;
    this.o.log.warn('COM helper answer too large', { limit: this.o.maxLineBytes, request: f?.what });
    if (f)
      this.settle(
        f,
        new HelperError(
          'too_large',
          `the answer to ${f.what} is larger than ${this.o.maxLineBytes} bytes; ask for less (fewer joints, frames or stations)`,
        ),
      );
  }

  private refuse(line: string): void {
    this.refusedLines++;
    this.o.log.warn('COM helper line refused', { line: line.slice(0, 200) });
    const f = this.inFlight;
    if (f && ++f.garbage > this.o.maxGarbageLines) {
      this.settle(
        f,
        new HelperError(
          'malformed',
          `the COM helper wrote ${f.garbage} lines that are not protocol messages during ${f.what}; it was stopped`,
        ),
      );
      if (this.child) this.kill(this.child);
    }
  }

  private answer(line: string): void {
    if (line.trim() === '') return;
    const msg = parseJson(line);
    const f = this.inFlight;
    if (!msg || typeof msg.id !== 'number') return this.refuse(line);
    if (!f || msg.id !== f.id) {
      // An answer to no request in flight: the helper is out of step. Refused, not matched to a later request.
      return this.refuse(line);
    }
    if (msg.ok === true) {
      const out = msg.out === undefined ? [] : msg.out;
      if (!Array.isArray(out))
        return this.settle(f, new HelperError('malformed', `the answer to ${f.what} has an "out" that is not a list`));
      return this.settle(f, { value: msg.value ?? null, out });
    }
    if (msg.ok === false && msg.error && typeof msg.error === 'object') {
      const e = msg.error as { kind?: unknown; message?: unknown; details?: unknown };
      const message = typeof e.message === 'string' ? e.message.slice(0, 2000) : 'no message';
      const details =
        e.details && typeof e.details === 'object' && !Array.isArray(e.details)
          ? (e.details as Record<string, unknown>)
          : undefined;
      return this.settle(
        f,
        new HelperError('remote', message, { kind: typeof e.kind === 'string' ? e.kind : 'error', details }),
      );
    }
    this.settle(f, new HelperError('malformed', `the answer to ${f.what} is not a protocol message`));
  }
}

function parseJson(line: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(line);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Typed arguments. JSON has one number type and untyped empty lists, while a COM method wants
 * an Int32 or a Double, and a ByRef output array of the right element type. The helper turns
 * these into the .NET values (a plain JSON integer becomes an Int32, any other number a Double).
 */
export type Typed = { $type: 'double' | 'int' | 'double[]' | 'int[]' | 'string[]' | 'bool[]'; value: unknown };
export const com = {
  double: (value: number): Typed => ({ $type: 'double', value }),
  int: (value: number): Typed => ({ $type: 'int', value }),
  doubles: (value: number[] = []): Typed => ({ $type: 'double[]', value }),
  ints: (value: number[] = []): Typed => ({ $type: 'int[]', value }),
  strings: (value: string[] = []): Typed => ({ $type: 'string[]', value }),
  bools: (value: boolean[] = []): Typed => ({ $type: 'bool[]', value }),
};
