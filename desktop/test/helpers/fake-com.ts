// Runs test/helpers/fake-com-helper.ts as the COM helper: a scenario file the test writes (and
// may rewrite between calls), the requests the helper received, and its program's state.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HelperCommand } from '../../src/adapters/com/helper-process.ts';
import { Logger } from '../../src/logs/logger.ts';

const SCRIPT = fileURLToPath(new URL('./fake-com-helper.ts', import.meta.url));

export interface FakeCom {
  dir: string;
  command: HelperCommand;
  scenario(s: object): void;
  /** Requests received, oldest first. */
  requests(): { id: number; op: string; target?: string; args?: unknown[]; [k: string]: unknown }[];
  calls(): string[];
  state(): any;
  log: Logger;
}

export function fakeCom(scenario: object): FakeCom {
  const dir = mkdtempSync(join(tmpdir(), 'fake-com-'));
  const files = {
    scenario: join(dir, 'scenario.json'),
    state: join(dir, 'state.json'),
    log: join(dir, 'requests.jsonl'),
  };
  writeFileSync(files.scenario, JSON.stringify(scenario));
  writeFileSync(files.log, '');
  const requests = () =>
    readFileSync(files.log, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
  return {
    dir,
    command: {
      command: process.execPath,
      args: [SCRIPT],
      env: { FAKE_COM_SCENARIO: files.scenario, FAKE_COM_STATE: files.state, FAKE_COM_LOG: files.log },
    },
    scenario: (s) => writeFileSync(files.scenario, JSON.stringify(s)),
    requests,
    calls: () =>
      requests()
        .filter((r) => r.op === 'call')
        .map((r) => r.target!),
    state: () => (existsSync(files.state) ? JSON.parse(readFileSync(files.state, 'utf8')) : null),
    log: new Logger({ dir: join(dir, 'logs') }),
  };
}
