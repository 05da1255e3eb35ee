// What a preview rule sees and writes: one rule a tool (or a family of tools), each adding lines
// to the change set; previewOf (../preview.ts) picks the rule and sums the set up.
import type { ToolArgs, ToolName } from '@structural-platform/tool-schema';
import type { ModelInspection } from '../../adapters/adapter.ts';

export interface ChangeSet {
  adds: string[];
  deletes: string[];
  modifies: string[];
  destructive: boolean;
  /** One line for the dialog's title and the audit log. */
  summary: string;
}

export interface PreviewContext {
  /** The change set being written. */
  c: ChangeSet;
  /** The open model as the adapter describes it; null when none is open (or the program cannot say). */
  model: ModelInspection | null;
  /** Whether the open model has an object of this kind and name. */
  has(kind: keyof ModelInspection['names'], name: string): boolean;
  /** Whether a path is a file now (a save would write over it). */
  fileExists(path: string): boolean;
  resolvePath(p: string): string;
}

export type PreviewRule<T extends ToolName> = (args: ToolArgs<T>, ctx: PreviewContext) => void;

/** The rules of a set of tools, each typed by its tool's arguments. */
export type PreviewRules = { [T in ToolName]?: PreviewRule<T> };

export const list = (names: string[], max = 12) =>
  names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
export const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
