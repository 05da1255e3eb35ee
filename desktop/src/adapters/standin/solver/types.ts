// The solver's input and output: a model in, results out, no I/O. Axes and force signs follow
// the conventions at the top of tool-schema/index.ts (@structural-platform/tool-schema).

export type Six = [number, number, number, number, number, number];
export type Vec3 = [number, number, number];

export interface SolverJoint {
  name: string;
  xyz: Vec3;
  restraint: boolean[];
}
export interface SolverFrame {
  name: string;
  i: number; // joint index
  j: number;
  e: number;
  g: number;
  area: number;
  i33: number;
  i22: number;
  torsion: number;
  angle: number; // degrees
  releases?: { i: boolean[]; j: boolean[] };
}
/** Direction of a member load: a global unit vector (per unit length along the member) or a local axis. */
export type MemberLoadDirection = { global: Vec3 } | { local: 0 | 1 | 2 };
export type MemberLoad =
  | { frame: number; kind: 'point'; direction: MemberLoadDirection; value: number; at: number }
  | {
      frame: number;
      kind: 'distributed';
      direction: MemberLoadDirection;
      from: number;
      to: number;
      start: number;
      end: number;
    };
export interface JointLoad {
  joint: number;
  values: Six;
}
export interface LoadCase {
  name: string;
  joints: JointLoad[];
  members: MemberLoad[];
}

/**
 * A rigid diaphragm: its joints move together in their horizontal plane (UX, UY and RZ of
 * each follow the rigid body's), as ETABS's rigid diaphragms and SAP2000's diaphragm
 * constraints do. The model gives one group per diaphragm and elevation.
 */
export interface Diaphragm {
  name: string;
  joints: number[];
}

export interface SolverModel {
  dimension: '2d' | '3d';
  joints: SolverJoint[];
  frames: SolverFrame[];
  diaphragms?: Diaphragm[];
  /** Lumped masses per joint [UX, UY, UZ, RX, RY, RZ] (only for modal analysis); missing = none. */
  masses?: Six[];
}

export interface ModalRequest {
  name: string;
  modes: number;
}
export interface AnalysisRequest {
  model: SolverModel;
  cases: LoadCase[];
  modal?: ModalRequest[];
}

export type LocalLoad =
  { kind: 'point'; at: number; w: Vec3 } | { kind: 'distributed'; from: number; to: number; w1: Vec3; w2: Vec3 };

export interface CaseResult {
  name: string;
  displacements: Six[]; // per joint, global
  reactions: Six[]; // per joint, global; zero where not restrained
  /** Per frame: end forces on the element at end i in local axes, and its local member loads, to compute stations. */
  endForcesI: Six[];
  localLoads: LocalLoad[][];
}

export interface Mode {
  /** Eigenvalue ω² (rad²/s² when masses are in force·s²/length). */
  eigenvalue: number;
  circular: number;
  frequency: number;
  period: number;
  /** Participation factors Γ = φᵀ M r for unit ground motion along X, Y, Z and rotation about Z (φ normalised to unit modal mass). */
  participation: [number, number, number, number];
  /** The mode shape as a unit-modal-mass "load case": displacements, reactions and member end forces of φ. */
  shape: CaseResult;
}

export interface ModalResult {
  name: string;
  /** Modes found, lowest frequency first (fewer than asked when the model has fewer mass degrees of freedom). */
  modes: Mode[];
  /** Total mass on free degrees of freedom along X, Y, Z and about Z through the origin (the participation ratios' denominators). */
  totalMass: [number, number, number, number];
}

export interface AnalysisOutput {
  equations: number;
  bandwidth: number;
  results: CaseResult[];
  modal: ModalResult[];
}

export class SolverError extends Error {
  readonly code: 'UNSTABLE_STRUCTURE' | 'INVALID_ARGUMENTS' | 'TOO_LARGE';
  readonly details?: Record<string, unknown>;
  constructor(code: SolverError['code'], message: string, details?: Record<string, unknown>) {
    super(message);
    this.code = code;
    this.details = details;
  }
}

export const DOF_NAMES = ['UX', 'UY', 'UZ', 'RX', 'RY', 'RZ'];
/** Freedoms a 2D model (XZ plane) does not have: UY, RX, RZ. */
export const INACTIVE_2D = [false, true, false, true, false, true];
