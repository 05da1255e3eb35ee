// Which adapter answers each program on this machine, and the lanes the platform is told.
// - Not Windows: the stand-in frame solver answers SAP2000 and ETABS (ready at once, it runs in
//   process); Mathcad has no stand-in and is not installed.
// - Windows: a detected program is driven over COM through the PowerShell helper
//   (helpers/com-helper.ps1): CSI OAPI for SAP2000 and ETABS, the Automation API for Mathcad
//   Prime, with the selected installation's executable. The lane follows the program's own state.
import { assetFile, clientVersion, packaged } from '../runtime/packaged.ts';
import { fileURLToPath } from 'node:url';
import type { Program } from '@structural-platform/tool-schema';
import type { Adapter } from './adapter.ts';
import { StandinFrameAdapter } from './standin/adapter.ts';
import { CsiAdapter, CSI_UNITS } from './com/csi/adapter.ts';
import { MathcadAdapter } from './com/mathcad.ts';
import { ComAdapter } from './com/com-adapter.ts';
import { ComSession } from './com/session.ts';
import type { HelperCommand } from './com/helper-process.ts';
import type { Installation, ProgramDetection } from '../detection/detect.ts';
import type { LaneReport } from '../bridge/client.ts';
import type { Logger } from '../logs/logger.ts';

export const STANDIN_VERSION = 'stand-in';

/** The helper script shipped with the client. */
export const COM_HELPER_SCRIPT = packaged
  ? assetFile('com-helper.ps1', 'com-helper.ps1', clientVersion())
  : fileURLToPath(new URL('../../helpers/com-helper.ps1', import.meta.url));

/**
 * Windows PowerShell 5.1 (in every Windows since 10): -STA because COM objects of these programs
 * want a single-threaded apartment; -NoProfile so the user's profile cannot change the protocol's output.
 */
export function powershellHelper(kind: 'csi' | 'mathcad'): HelperCommand {
  return {
    command: 'powershell.exe',
    args: [
      '-NoLogo',
      '-NoProfile',
      '-NonInteractive',
      '-ExecutionPolicy',
      'Bypass',
      '-STA',
      '-File',
      COM_HELPER_SCRIPT,
      '-Program',
      kind,
    ],
  };
}

/** An adapter whose lane follows its program's own state. */
export const isStateful = (a: Adapter | undefined): a is ComAdapter => a instanceof ComAdapter;

const CSI = {
  sap2000: { helperProgId: 'SAP2000v1.Helper', objectProgId: 'CSI.SAP2000.API.SapObject', processName: 'SAP2000' },
  etabs: { helperProgId: 'ETABSv1.Helper', objectProgId: 'CSI.ETABS.API.ETABSObject', processName: 'ETABS' },
} as const;

/** The COM adapter for a detected installation. */
export function comAdapter(
  program: Program,
  installation: Installation,
  o: {
    log: Logger;
    workingDirectory: () => string;
    helper?: (kind: 'csi' | 'mathcad') => HelperCommand;
    probeMs?: number;
  },
): ComAdapter {
  const helper = o.helper ?? powershellHelper;
  if (program === 'mathcad') {
    const session = new ComSession({
      program,
      label: 'Mathcad Prime',
      helper: helper('mathcad'),
      log: o.log,
      probeMs: o.probeMs,
      connect: () => ({
        program: 'mathcad',
        progId: 'MathcadPrime.Application',
        processName: 'MathcadPrime',
        visible: true,
      }),
      // SaveOption 2: discard. Quitting was confirmed by the user (the 10-second question) and applies only to an instance the client started.
      exit: { target: 'Application.Quit', args: [2] },
    });
    return new MathcadAdapter(session, o.workingDirectory);
  }
  const ids = CSI[program];
  const session = new ComSession({
    program,
    label: program === 'sap2000' ? 'SAP2000' : 'ETABS',
    helper: helper('csi'),
    log: o.log,
    probeMs: o.probeMs,
    connect: () => ({ program: 'csi', ...ids, exe: installation.exe, units: CSI_UNITS.kN_m_C, visible: true }),
    exit: { target: 'SapObject.ApplicationExit', args: [false] },
  });
  return new CsiAdapter(program, session, o.workingDirectory);
}

export function selectAdapters(o: {
  platform: NodeJS.Platform;
  detections: ProgramDetection[];
  workingDirectory: (p: Program) => () => string;
  log: Logger;
  helper?: (kind: 'csi' | 'mathcad') => HelperCommand;
  standIn?: boolean;
}): Map<Program, Adapter> {
  const adapters = new Map<Program, Adapter>();
  for (const d of o.detections) {
    // standIn (DESKTOP_STANDIN=1): on Windows without SAP2000/ETABS, the stand-in answers them (the Wine smoke test, demonstrations).
    if (o.platform !== 'win32' || (o.standIn && !d.selected)) {
      if (d.program !== 'mathcad')
        adapters.set(d.program, new StandinFrameAdapter(d.program, o.workingDirectory(d.program)));
    } else if (d.selected) {
      adapters.set(
        d.program,
        comAdapter(d.program, d.selected, {
          log: o.log,
          workingDirectory: o.workingDirectory(d.program),
          helper: o.helper,
        }),
      );
    }
  }
  return adapters;
}

export function laneReports(
  platform: NodeJS.Platform,
  detections: ProgramDetection[],
  adapters: ReadonlyMap<Program, Adapter>,
): LaneReport[] {
  return detections.map((d) => {
    const adapter = adapters.get(d.program);
    if (adapter instanceof StandinFrameAdapter)
      return {
        program: d.program,
        versions: [STANDIN_VERSION],
        activeVersion: STANDIN_VERSION,
        state: 'ready' as const,
      };
    const versions = d.installations.map((i) => i.version);
    const state = isStateful(adapter)
      ? adapter.laneState()
      : adapter && platform === 'win32'
        ? ('not_running' as const)
        : ('not_installed' as const);
    return { program: d.program, versions, activeVersion: d.selected?.version ?? null, state };
  });
}
