// The program calls (OAPI methods, Automation API calls) made while a tool call runs, for its
// audit log entry: the guard opens a record around each tool call (AsyncLocalStorage, so calls
// of different tools in flight never mix) and the COM session adds every call it makes to it.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface ProgramCall {
  target: string;
  args: unknown[];
  returned: unknown;
  ms: number;
  error?: string;
}

const current = new AsyncLocalStorage<ProgramCall[]>();

/** Runs fn with `calls` as the record of the program calls it makes (filled even when fn fails). */
export function recordingProgramCalls<T>(calls: ProgramCall[], fn: () => Promise<T>): Promise<T> {
  return current.run(calls, fn);
}

/** Adds a call to the record of the tool call in flight (none outside one). */
export function noteProgramCall(call: ProgramCall): void {
  const calls = current.getStore();
  if (calls && calls.length < 100_000) calls.push(call);
}
