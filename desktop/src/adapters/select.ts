// Which adapter answers each program on this machine, and the lanes the platform is told.
// - Not Windows: the stand-in frame solver answers SAP2000 and ETABS (ready at once, it runs in
//   process); Mathcad has no stand-in and is not installed.
// - Windows: a detected program is driven over COM (CSI OAPI, Mathcad Prime Automation). That
//   adapter is not built yet (README, "Windows adapters"), so its calls answer
//   PROGRAM_NOT_AVAILABLE saying so, while detection, lanes and the rest of the client work.
import type { Program, ValidToolCall } from '@structural-platform/tool-schema';
import { ToolFailure, type Adapter } from './adapter.ts';
import { StandinFrameAdapter } from './standin/adapter.ts';
import type { ProgramDetection } from '../detection/detect.ts';
import type { LaneReport } from '../bridge/client.ts';

export const STANDIN_VERSION = 'stand-in';

/** The COM adapter's place on Windows: refuses with the reason until it is built. */
export class ComAdapterNotBuilt implements Adapter {
  readonly program: Program;
  readonly label: string;
  constructor(program: Program, label: string) {
    this.program = program;
    this.label = `${label} (COM)`;
  }
  async run(call: ValidToolCall): Promise<unknown> {
    throw new ToolFailure('PROGRAM_NOT_AVAILABLE', `${call.tool}: driving ${this.label} is not built in this client version; the stand-in solver is not used on Windows`);
  }
  hasOwnSession(): boolean {
    return false;
  }
  async close(): Promise<void> {}
}

export function selectAdapters(o: { platform: NodeJS.Platform; detections: ProgramDetection[]; workingDirectory: (p: Program) => () => string }): Map<Program, Adapter> {
  const adapters = new Map<Program, Adapter>();
  for (const d of o.detections) {
    if (o.platform !== 'win32') {
      if (d.program !== 'mathcad') adapters.set(d.program, new StandinFrameAdapter(d.program, o.workingDirectory(d.program)));
    } else if (d.selected) {
      adapters.set(d.program, new ComAdapterNotBuilt(d.program, d.program === 'mathcad' ? 'Mathcad Prime' : d.program.toUpperCase()));
    }
  }
  return adapters;
}

export function laneReports(platform: NodeJS.Platform, detections: ProgramDetection[], adapters: ReadonlyMap<Program, Adapter>): LaneReport[] {
  return detections.map((d) => {
    const adapter = adapters.get(d.program);
    if (adapter instanceof StandinFrameAdapter) return { program: d.program, versions: [STANDIN_VERSION], activeVersion: STANDIN_VERSION, state: 'ready' as const };
    const versions = d.installations.map((i) => i.version);
    return { program: d.program, versions, activeVersion: d.selected?.version ?? null, state: adapter && platform === 'win32' ? ('not_running' as const) : ('not_installed' as const) };
  });
}
