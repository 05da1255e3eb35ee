// The engineer's approval of a destructive step: a question with its change set, answered in the
// desktop client (the change preview) or not at all. Unlike the quit question, silence means
// no: an unanswered request is declined when its time runs out (it must end within the
// platform's wait for the tool call, AGENT_TOOL_TIMEOUT_MS, 5 minutes by default).
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { ChangeSet } from './preview.ts';

export const APPROVAL_TIMEOUT_MS = 4 * 60_000;

export interface ApprovalRequest {
  id: string;
  conversationId: string | null;
  program: string;
  tool: string;
  arguments: unknown;
  changes: ChangeSet;
  backup: string | null;
  askedAt: string;
  expiresAt: string;
}

export type ApprovalAnswer = 'approved' | 'declined' | 'expired';

export class Approvals extends EventEmitter<{ changed: [] }> {
  private readonly pending = new Map<
    string,
    { request: ApprovalRequest; settle: (a: ApprovalAnswer) => void; timer: NodeJS.Timeout }
  >();
  private readonly timeoutMs: number;

  constructor(timeoutMs = APPROVAL_TIMEOUT_MS) {
    super();
    this.timeoutMs = timeoutMs;
  }

  /** Open requests, oldest first. */
  get current(): ApprovalRequest[] {
    return [...this.pending.values()].map((p) => p.request);
  }

  ask(r: Omit<ApprovalRequest, 'id' | 'askedAt' | 'expiresAt'>): Promise<ApprovalAnswer> {
    const id = randomUUID();
    const now = Date.now();
    const request: ApprovalRequest = {
      ...r,
      id,
      askedAt: new Date(now).toISOString(),
      expiresAt: new Date(now + this.timeoutMs).toISOString(),
    };
    return new Promise((resolve) => {
      const settle = (a: ApprovalAnswer) => {
        const p = this.pending.get(id);
        if (!p) return;
        clearTimeout(p.timer);
        this.pending.delete(id);
        this.emit('changed');
        resolve(a);
      };
      const timer = setTimeout(() => settle('expired'), this.timeoutMs);
      timer.unref();
      this.pending.set(id, { request, settle, timer });
      this.emit('changed');
    });
  }

  /** The engineer's answer; false when no such request is open. */
  answer(id: string, approve: boolean): boolean {
    const p = this.pending.get(id);
    if (!p) return false;
    p.settle(approve ? 'approved' : 'declined');
    return true;
  }

  /** Declines every open request (the app is closing). */
  close(): void {
    for (const p of [...this.pending.values()]) p.settle('declined');
  }
}
