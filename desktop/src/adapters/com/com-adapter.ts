// What the COM adapters share: their program session (helper, connection, own instance), the
// working directory relative paths are taken from, the lane from the program's own state, and
// closing only what this client started.
import type { Program, ValidToolCall } from '@structural-platform/tool-schema';
import type { Adapter } from '../adapter.ts';
import type { ComLaneState, ComSession } from './session.ts';

export abstract class ComAdapter implements Adapter {
  abstract readonly program: Program;
  abstract readonly label: string;
  protected readonly session: ComSession;
  protected readonly workingDirectoryOf: () => string;

  constructor(session: ComSession, workingDirectory: () => string) {
    this.session = session;
    this.workingDirectoryOf = workingDirectory;
  }

  abstract run(call: ValidToolCall): Promise<unknown>;
  /** Forgets what the adapter knows of the program's documents (the session is closing). */
  protected abstract forget(): void;

  laneState(): ComLaneState {
    return this.session.laneState();
  }

  onStateChange(listener: () => void): void {
    this.session.on('state', listener);
  }

  hasOwnSession(): boolean {
    return this.session.ownsInstance;
  }

  close(): Promise<void> {
    this.forget();
    return this.session.close();
  }
}
