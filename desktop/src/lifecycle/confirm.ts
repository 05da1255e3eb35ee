// "Quitting or updating while the software runs under the app's control asks for
// confirmation, because it closes that session. With no response, the app proceeds after
// about 10 seconds." One question at a time; the UI shows it and answers it.
import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';

export const CONFIRM_TIMEOUT_MS = 10_000;

export interface Question {
  id: string;
  action: 'quit' | 'update';
  programs: string[];
  /** Titles of the conversations whose agent is still working (quitting stops them). */
  runs: string[];
  deadline: string;
}

export class Confirmations extends EventEmitter<{ changed: [Question | null] }> {
  current: Question | null = null;
  private settle: ((yes: boolean) => void) | null = null;
  private readonly timeoutMs: number;

  constructor(timeoutMs = CONFIRM_TIMEOUT_MS) {
    super();
    this.timeoutMs = timeoutMs;
  }

  /** Asks; resolves true when confirmed or unanswered within the timeout, false when declined. */
  ask(action: Question['action'], programs: string[], runs: string[] = []): Promise<boolean> {
    this.answer(this.current?.id ?? '', false);
    const id = randomUUID();
    this.current = { id, action, programs, runs, deadline: new Date(Date.now() + this.timeoutMs).toISOString() };
    this.emit('changed', this.current);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => this.answer(id, true), this.timeoutMs);
      this.settle = (yes) => {
        clearTimeout(timer);
        resolve(yes);
      };
    });
  }

  /** The user's answer; false when no such question is open. */
  answer(id: string, yes: boolean): boolean {
    if (!this.current || this.current.id !== id) return false;
    const settle = this.settle!;
    this.current = null;
    this.settle = null;
    this.emit('changed', null);
    settle(yes);
    return true;
  }
}
