// What a step adds, deletes and modifies, from the call and the open model as the adapter
// describes it (Adapter.inspect), for the change preview the engineer sees. A step is
// destructive when it deletes something (objects, loads, combinations, stories) or writes over a
// file: those wait for the engineer's approval. Redefining a material or a
// combination of the same name, restraints, masses, diaphragms are modifications, shown but not
// held (the engineer sees them in the audit log; a backup was taken before any change).
import { oapiMethod, type ToolArgs, type ToolName, type ValidToolCall } from '@structural-platform/tool-schema';
import type { ModelInspection } from '../adapters/adapter.ts';

export interface ChangeSet {
  adds: string[];
  deletes: string[];
  modifies: string[];
  destructive: boolean;
  /** One line for the dialog's title and the audit log. */
  summary: string;
}

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

const list = (names: string[], max = 12) =>
  names.length <= max ? names.join(', ') : `${names.slice(0, max).join(', ')} and ${names.length - max} more`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

type Has = (kind: keyof ModelInspection['names'], name: string) => boolean;

/** A save adds the file, or writes over it (modified, the previous version backed up) when it exists. */
function saveChanges(
  c: ChangeSet,
  args: ToolArgs<'save_model'>,
  model: ModelInspection | null,
  fileExists: (path: string) => boolean,
  resolvePath: (p: string) => string,
) {
  const target = args.path ? resolvePath(args.path) : (model?.path ?? null);
  if (target && fileExists(target))
    c.modifies.push(`the file ${target} (written over; the previous version is kept as a backup)`);
  else if (target) c.adds.push(`the file ${target}`);
}

/** Loads add to a pattern (new or not); with `replace`, the pattern's loads go first. */
function loadChanges(c: ChangeSet, args: ToolArgs<'assign_loads'>, model: ModelInspection | null, has: Has) {
  const p = args.pattern;
  if (!has('patterns', p)) c.adds.push(`load pattern ${p}`);
  else if (args.replace) {
    const n = model?.loadCount(p);
    c.deletes.push(`${n === null || n === undefined ? 'every' : n} load${n === 1 ? '' : 's'} of pattern ${p}`);
  }
  c.adds.push(`${plural(args.loads.length, 'load')} to pattern ${p}`);
}

/** With `replace` every combination goes; otherwise one of an existing name is redefined (modified). */
function combinationChanges(
  c: ChangeSet,
  args: ToolArgs<'define_load_combinations'>,
  model: ModelInspection | null,
  has: Has,
) {
  if (args.replace && model?.names.combinations.length)
    c.deletes.push(`combinations ${list(model.names.combinations)}`);
  const named = args.combinations.map((x) => x.name);
  for (const n of named) (has('combinations', n) && !args.replace ? c.modifies : c.adds).push(`combination ${n}`);
  if (args.generate) c.adds.push(`combinations generated from ${args.generate.code}`);
}

/** What a delete names, by kind; frames, areas and patterns take their loads with them. */
function deleteChanges(c: ChangeSet, a: ToolArgs<'delete_objects'>) {
  for (const [kind, names] of [
    ['frames', a.frames],
    ['joints', a.joints],
    ['areas', a.areas],
    ['load patterns', a.patterns],
    ['combinations', a.combinations],
  ] as const) {
    if (names?.length)
      c.deletes.push(
        `${kind} ${list(names)}${kind === 'frames' || kind === 'areas' || kind === 'load patterns' ? ' with the loads on them' : ''}`,
      );
  }
}

/** A raw API call by the effect the method table gives it; a method the table marks `confirm` is always held. */
function apiChanges(c: ChangeSet, args: ToolArgs<'call_api'>) {
  const entry = oapiMethod(args.method);
  const line = `${args.method}(${args.args
    .map((x) => JSON.stringify(x))
    .join(', ')
    .slice(0, 300)})`;
  if (entry?.effect === 'delete') c.deletes.push(`what ${line} deletes`);
  else if (entry?.effect === 'file') c.modifies.push(`files or the open model through ${line}`);
  else if (entry?.effect === 'write') c.modifies.push(`the model through ${line}`);
  if (entry?.confirm) c.destructive = true;
}

/** Held when it deletes or writes over a file; the one-line summary counts each kind of change. */
function conclude(c: ChangeSet, tool: ToolName) {
  c.destructive ||= c.deletes.length > 0 || c.modifies.some((m) => m.includes('written over'));
  const parts = [
    c.deletes.length && `deletes ${c.deletes.length}`,
    c.modifies.length && `modifies ${c.modifies.length}`,
    c.adds.length && `adds ${c.adds.length}`,
  ].filter(Boolean);
  c.summary = `${tool}: ${parts.length ? parts.join(', ') : 'no change to the model'}`;
}

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
  const has: Has = (kind, name) => !!model?.names[kind].includes(name);
  // Closing the open model to start or open another is shown, not held: the adapters drive an
  // instance of their own (never one the engineer opened), so what closes is the agent's model;
  // its file stays as it is, and asking at every new model would teach the engineer to approve
  // without reading.
  const openModel = () =>
    model &&
    c.modifies.push(
      `the open model${model.path ? ` ${model.path}` : ''} is closed (${plural(model.names.joints.length, 'joint')}, ${plural(model.names.frames.length, 'frame')}; changes not saved are lost)`,
    );
  switch (call.tool) {
    case 'new_model':
      openModel();
      c.adds.push(`a new ${call.args.dimension} model (${call.args.template.kind}) in ${call.args.units}`);
      break;
    case 'open_model':
      openModel();
      c.adds.push(`the model ${resolvePath(call.args.path)}`);
      break;
    case 'save_model':
      saveChanges(c, call.args, model, fileExists, resolvePath);
      break;
    case 'define_material':
      (has('materials', call.args.name) ? c.modifies : c.adds).push(`material ${call.args.name}`);
      break;
    case 'define_section':
      (has('sections', call.args.name) ? c.modifies : c.adds).push(
        `section ${call.args.name} (${call.args.section.shape})`,
      );
      break;
    case 'define_area_section':
      (has('area_sections', call.args.name) ? c.modifies : c.adds).push(`area section ${call.args.name}`);
      break;
    case 'define_frames':
      c.adds.push(
        plural(call.args.frames.length, 'frame') +
          (call.args.frames.some((f) => f.name) ? ` (${list(call.args.frames.map((f) => f.name ?? '(new)'))})` : ''),
      );
      break;
    case 'define_areas':
      c.adds.push(plural(call.args.areas.length, 'area'));
      break;
    case 'assign_supports':
      c.modifies.push(`restraints of ${plural(call.args.joints.length, 'joint')}`);
      break;
    case 'assign_joint_masses':
      c.modifies.push(`masses of ${plural(call.args.joints.length, 'joint')}`);
      break;
    case 'assign_diaphragm':
      c.modifies.push(`diaphragm ${call.args.name} (joints added to it)`);
      break;
    case 'define_mass_source':
      c.modifies.push(`mass source ${call.args.name}`);
      break;
    case 'define_grids':
      c.modifies.push(
        `the grid (replaced by ${plural(call.args.x.length, 'line')} along X and ${plural(call.args.y.length, 'line')} along Y)`,
      );
      break;
    case 'define_stories': {
      if (model?.names.stories.length) c.deletes.push(`stories ${list(model.names.stories)}`);
      c.adds.push(`stories ${list(call.args.stories.map((s) => s.name))}`);
      break;
    }
    case 'assign_loads':
      loadChanges(c, call.args, model, has);
      break;
    case 'define_load_combinations':
      combinationChanges(c, call.args, model, has);
      break;
    case 'define_modal_case':
      (has('cases', call.args.name) ? c.modifies : c.adds).push(
        `modal case ${call.args.name} (${call.args.modes} modes)`,
      );
      break;
    case 'define_response_spectrum':
      (has('cases', call.args.name) ? c.modifies : c.adds).push(
        `response-spectrum case ${call.args.name} (${call.args.spectrum.code}, ${call.args.direction}, ${call.args.combination})`,
      );
      break;
    case 'delete_objects':
      deleteChanges(c, call.args);
      break;
    case 'run_analysis':
      if (model?.path)
        c.modifies.push(
          `the model file ${model.path} (the program saves the model before it analyses; the previous version is kept as a backup)`,
        );
      break;
    case 'call_api':
      apiChanges(c, call.args);
      break;
    default:
      break;
  }
  conclude(c, call.tool);
  return c;
}
