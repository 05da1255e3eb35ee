// What a step adds, deletes and modifies, from the call and the open model as the adapter
// describes it (Adapter.inspect), for the change preview the engineer sees. A step is
// destructive when it deletes something (objects, loads, combinations, stories) or writes over a
// file: those wait for the engineer's approval. Redefining a material or a
// combination of the same name, restraints, masses, diaphragms are modifications, shown but not
// held (the engineer sees them in the audit log; a backup was taken before any change).
import { oapiMethod, type ToolName, type ValidToolCall } from '@structural-platform/tool-schema';
import type { ModelInspection } from '../adapters/adapter.ts';
import type { ChangeSet, PreviewRule, PreviewRules } from './preview/rule.ts';
import { MODEL_FILE_RULES } from './preview/model-files.ts';
import { DEFINITION_RULES } from './preview/definitions.ts';
import { OBJECT_RULES } from './preview/objects.ts';
import { LOAD_RULES } from './preview/loads.ts';
import { DELETION_RULES } from './preview/deletions.ts';
import { CALL_API_RULES } from './preview/call-api.ts';

export type { ChangeSet } from './preview/rule.ts';

/** Tools that only read: no backup, no preview. */
const READ_ONLY = new Set<ToolName>([
  'read_results',
  'read_modal_results',
  'story_drifts',
  'story_forces',
  'list_tables',
  'read_table',
  'design_steel',
  'design_concrete',
  'open_worksheet',
  'read_outputs',
]);

export function changesModel(call: ValidToolCall): boolean {
  if (call.tool === 'call_api') return (oapiMethod(call.args.method)?.effect ?? 'write') !== 'read';
  return !READ_ONLY.has(call.tool);
}

/** Every tool's rule (preview/): one file a family of tools. A tool without one changes nothing the preview names. */
const RULES: PreviewRules = {
  ...MODEL_FILE_RULES,
  ...DEFINITION_RULES,
  ...OBJECT_RULES,
  ...LOAD_RULES,
  ...DELETION_RULES,
  ...CALL_API_RULES,
};

/**
 * The change set of a call. `model` is null when no model is open (or the program cannot
 * say); `fileExists` tells whether a path is a file now (a save would write over it).
 */
export function previewOf(
  call: ValidToolCall,
  model: ModelInspection | null,
  fileExists: (path: string) => boolean,
  resolvePath: (p: string) => string,
): ChangeSet {
  const c: ChangeSet = { adds: [], deletes: [], modifies: [], destructive: false, summary: '' };
  const has = (kind: keyof ModelInspection['names'], name: string) => !!model?.names[kind].includes(name);
  const rule = RULES[call.tool] as PreviewRule<ToolName> | undefined;
  rule?.(call.args, { c, model, has, fileExists, resolvePath });
  // Deleting, or writing over a file, waits for the engineer's approval.
  c.destructive ||= c.deletes.length > 0 || c.modifies.some((m) => m.includes('written over'));
  const parts = [
    c.deletes.length && `deletes ${c.deletes.length}`,
    c.modifies.length && `modifies ${c.modifies.length}`,
    c.adds.length && `adds ${c.adds.length}`,
  ].filter(Boolean);
  c.summary = `${call.tool}: ${parts.length ? parts.join(', ') : 'no change to the model'}`;
  return c;
}
