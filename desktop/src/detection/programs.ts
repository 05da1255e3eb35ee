// Where each program installs and how it registers itself on Windows: the facts detection
// works from (../../../../shared/reference/desktop.md §1 lists the sources). CSI writes no
// install-path key of its own, so its programs are found by folder, uninstall entry and COM
// registration; Mathcad Prime likewise.
import type { Program } from '@structural-platform/tool-schema';

export interface ProgramCatalogueEntry {
  program: Program;
  label: string;
  /** Folder under Program Files that holds one sub-folder per installed version. */
  vendorFolder: string;
  /** A version's sub-folder; group 1 is its version (a major number or a dotted one). */
  versionFolder: RegExp;
  /** The executable inside a version's folder. */
  exe: string;
  /** Uninstall entry DisplayName; group 1 is the version. */
  uninstallName: RegExp;
  /** COM ProgIDs whose LocalServer32 points at the version registered last. */
  progIds: string[];
}

export const PROGRAM_CATALOGUE: Record<Program, ProgramCatalogueEntry> = {
  sap2000: {
    program: 'sap2000',
    label: 'SAP2000',
    vendorFolder: 'Computers and Structures',
    versionFolder: /^SAP2000 (\d+(?:\.\d+)*)$/i,
    exe: 'SAP2000.exe',
    uninstallName: /^SAP2000\s+(?:v)?(\d+(?:\.\d+)*)/i,
    progIds: ['CSI.SAP2000.API.SapObject', 'SAP2000v1.Helper'],
  },
  etabs: {
    program: 'etabs',
    label: 'ETABS',
    vendorFolder: 'Computers and Structures',
    versionFolder: /^ETABS (\d+(?:\.\d+)*)$/i,
    exe: 'ETABS.exe',
    uninstallName: /^ETABS\s+(?:v)?(\d+(?:\.\d+)*)/i,
    progIds: ['CSI.ETABS.API.ETABSObject', 'ETABSv1.Helper'],
  },
  mathcad: {
    program: 'mathcad',
    label: 'Mathcad Prime',
    vendorFolder: 'PTC',
    versionFolder: /^Mathcad Prime (\d+(?:\.\d+)*)$/i,
    exe: 'MathcadPrime.exe',
    uninstallName: /^(?:PTC )?Mathcad Prime (\d+(?:\.\d+)*)/i,
    progIds: ['MathcadPrime.Application'],
  },
};

/** The uninstall keys Windows keeps: machine-wide (64- and 32-bit views) and per user. */
export const UNINSTALL_KEYS = [
  'HKLM\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall',
  'HKLM\\SOFTWARE\\WOW6432Node\\Microsoft\\Windows\\CurrentVersion\\Uninstall',
  'HKCU\\SOFTWARE\\Microsoft\\Windows\\CurrentVersion\\Uninstall',
];
