// What the CSI tool files share with the adapter: the OAPI enumeration values, the file types,
// and the readers of OAPI output arrays. Kept apart from adapter.ts, which imports every tool
// file, so that the tool files need nothing from it (no import cycle, type-only imports included):
// they work on a CsiSession, which CsiAdapter implements.
import type { JointRef, Units } from '@structural-platform/tool-schema';
import type { OapiAnswer } from './oapi-call.ts';
/** Segments per frame for the output stations (60 divides into 1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30, 60 parts). */
export const OUTPUT_SEGMENTS = 60;
export const GROUP_ALL = 'All';
export const ITEM_OBJECT = 0,
  ITEM_GROUP = 1; // eItemType
export const ELM_OBJECT = 0,
  ELM_GROUP = 2; // eItemTypeElm

export const FILES: Record<'sap2000' | 'etabs', { open: string[]; save: string }> = {
  sap2000: { open: ['.sdb', '.$2k', '.s2k', '.xlsx', '.xls', '.mdb'], save: '.sdb' },
  etabs: { open: ['.edb', '.e2k', '.$et'], save: '.edb' },
};

export type Vec3 = [number, number, number];

export function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.map(String) : [];
}

export function numbers(v: unknown): number[] {
  return Array.isArray(v) ? v.map(Number) : [];
}

/** Result rows of a case (its LoadCase column), with their step (Max/Min) when the program gives one. */
export function caseRows(out: Record<string, unknown>, caseName: string): { k: number; step?: 'max' | 'min' }[] {
  const n = Number(out.NumberResults) || 0;
  const cases = strings(out.LoadCase),
    steps = strings(out.StepType);
  return Array.from({ length: n }, (_, k) => k)
    .filter((k) => cases[k] === caseName)
    .map((k) => {
      const s = steps[k]?.toLowerCase();
      return s === 'max' || s === 'min' ? { k, step: s } : { k };
    });
}

/** What the client knows of the model it works on (the programs have no "model loaded" API). */
export interface CsiModel {
  units: Units;
  dimension: '2d' | '3d';
  path: string | null;
  loadCounts: Map<string, number>;
  instance: number;
  /** Template sections not defined yet (new_model clears the sections): their frames take them when they are. */
  pendingSections: Map<string, { role: string; frames: string[] }>;
}

/** A joint table read once per tool call that names joints by coordinates or grid lines. */
export interface Joints {
  names(): Promise<{ name: string; xyz: Vec3 }[]>;
  resolve(ref: JointRef): Promise<string>;
}

/** What the tool files use of the adapter (CsiAdapter implements it). */
export interface CsiSession {
  readonly program: 'sap2000' | 'etabs';
  readonly label: string;
  model: CsiModel | null;
  analysed: boolean;
  readonly workingDirectory: string;
  readonly instance: number;
  call(method: string, args: unknown[], timeoutMs?: number): Promise<OapiAnswer>;
  ok(method: string, args?: unknown[], timeoutMs?: number): Promise<Record<string, unknown>>;
  names(collection: string): Promise<string[]>;
  need(): Promise<CsiModel>;
  changed(): void;
  needAnalysis(): void;
  coordinates(name: string): Promise<Vec3>;
  storyElevations(): Promise<Map<string, number>>;
  joints(): Joints;
  point(ref: JointRef): Promise<{ name: string; xyz: Vec3 }>;
}
