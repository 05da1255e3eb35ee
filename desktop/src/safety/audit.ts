// The audit log: every tool call an agent made on this machine, per conversation, in JSON lines
// at `<data>/audit/<conversation>.jsonl` (owner-only): when, which program and tool, the
// arguments, what the change preview said, the backup taken, the engineer's answer, the
// outcome, and every program call made for it (each OAPI method with its arguments and return
// value, for the escape hatch and the tools alike). Exported as JSON lines or CSV.
import { appendFile, mkdir, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProgramCall } from './program-calls.ts';
import type { ChangeSet } from './preview.ts';
import type { ApprovalAnswer } from './approvals.ts';

export interface AuditEntry {
  at: string;
  conversation: string;
  call_id: string;
  program: string;
  tool: string;
  arguments: unknown;
  changes: ChangeSet | null;
  backup: string | null;
  approval: ApprovalAnswer | 'not_needed';
  outcome: { ok: true } | { ok: false; code: string; message: string };
  ms: number;
  program_calls: ProgramCall[];
}

/** Calls made outside a conversation (an older platform that does not say which). */
export const NO_CONVERSATION = 'no-conversation';
/** Arguments larger than this are kept shortened in the log. */
const MAX_ARGUMENT_CHARS = 200_000;
const SAFE_ID = /^[A-Za-z0-9._-]{1,128}$/;

export class AuditLog {
  readonly dir: string;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(dir: string) {
    this.dir = dir;
  }

  private file(conversation: string): string {
    if (!SAFE_ID.test(conversation))
      throw new Error(`conversation: not a conversation id (${conversation.slice(0, 40)})`);
    return join(this.dir, `${conversation}.jsonl`);
  }

  /** Appends an entry; entries are written one at a time, in the order they were made. */
  append(entry: AuditEntry): Promise<void> {
    const json = JSON.stringify(entry.arguments ?? null);
    const line =
      JSON.stringify(
        json.length > MAX_ARGUMENT_CHARS
          ? { ...entry, arguments: { shortened: true, chars: json.length, start: json.slice(0, MAX_ARGUMENT_CHARS) } }
          : entry,
      ) + '\n';
    const next = this.chain.then(async () => {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      await appendFile(this.file(entry.conversation), line, { mode: 0o600 });
    });
    this.chain = next.catch(() => undefined);
    return next;
  }

  async entries(conversation: string): Promise<AuditEntry[]> {
    await this.chain;
    try {
      return (await readFile(this.file(conversation), 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
  }

  /** Conversations with a log, with their number of entries. */
  async conversations(): Promise<{ conversation: string; calls: number }[]> {
    await this.chain;
    const files = (await readdir(this.dir).catch(() => [] as string[])).filter((f) => f.endsWith('.jsonl'));
    const out = [];
    for (const f of files) {
      const conversation = f.slice(0, -'.jsonl'.length);
      out.push({ conversation, calls: (await this.entries(conversation)).length });
    }
    return out;
  }

  /** The conversation's log as JSON lines or CSV (one row per tool call; program calls as JSON in a column). */
  async export(conversation: string, format: 'jsonl' | 'csv'): Promise<string> {
    const entries = await this.entries(conversation);
    if (format === 'jsonl') return entries.map((e) => JSON.stringify(e)).join('\n') + (entries.length ? '\n' : '');
    const head = [
      'at',
      'conversation',
      'call_id',
      'program',
      'tool',
      'arguments',
      'changes',
      'backup',
      'approval',
      'ok',
      'error_code',
      'error_message',
      'ms',
      'program_calls',
    ];
    const cell = (v: unknown) => {
      const s = typeof v === 'string' ? v : v === null || v === undefined ? '' : JSON.stringify(v);
      return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
    };
    const rows = entries.map((e) =>
      [
        e.at,
        e.conversation,
        e.call_id,
        e.program,
        e.tool,
        e.arguments,
        e.changes?.summary ?? '',
        e.backup,
        e.approval,
        e.outcome.ok,
        e.outcome.ok ? '' : e.outcome.code,
        e.outcome.ok ? '' : e.outcome.message,
        Math.round(e.ms),
        e.program_calls,
      ]
        .map(cell)
        .join(','),
    );
    return [head.join(','), ...rows].join('\r\n') + '\r\n';
  }
}
