// A tool call as an engineer reads it: what was done, in words ("Defined 4 frames (IPE300)"),
// its state (running, done, failed) with its elapsed time, and, opened, the arguments and
// results as labelled tables in the model's units; the raw JSON one click further.
// Tables are built only when the card is opened, and show 50 rows until "Show all": a
// 5,625-member building's card opens at once.
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import htm from 'htm';
import { largest, num, plural, seconds, unitsOf } from '../lib/format.js';
import { toolError } from '../lib/words.js';

const html = htm.bind(h);
const PROGRAM = { sap2000: 'SAP2000', etabs: 'ETABS', mathcad: 'Mathcad Prime' };
const ROWS = 50;

export const splitName = (name) => {
  const cut = String(name).indexOf('_');
  const program = String(name).slice(0, cut);
  return PROGRAM[program] ? { program, tool: String(name).slice(cut + 1) } : { program: null, tool: String(name) };
};
const list = (xs, max = 4) =>
  xs.length <= max ? xs.join(', ') : `${xs.slice(0, max).join(', ')} and ${xs.length - max} more`;
const jointName = (j) => (Array.isArray(j) ? `(${j.map((v) => num(v)).join(', ')})` : String(j));
const RESTRAINTS = { fixed: 'Fixed', pinned: 'Pinned', roller_z: 'Vertical roller at' };

/** The template a new model starts from, in words. */
function templateShape(t, u) {
  if (!t || t.kind === 'blank') return 'blank';
  if (t.kind === 'portal_frame')
    return `portal frame, ${plural(t.bays ?? 1, 'bay')} of ${num(t.bay_width)} ${u.length}, ${plural(t.stories ?? 1, 'storey')} of ${num(t.story_height)} ${u.length}`;
  if (t.kind === 'beam') return `continuous beam, ${plural(t.spans, 'span')} of ${num(t.span_length)} ${u.length}`;
  return t.kind;
}

/** A section's shape and size, in words. */
function sectionShape(s, u) {
  if (s.shape === 'rectangle') return `${num(s.depth)} × ${num(s.width)} ${u.length} rectangle`;
  if (s.shape === 'i_section') return `I-shape ${num(s.depth)} × ${num(s.flange_width)} ${u.length}`;
  return `A = ${num(s.area)} ${u.length}², I33 = ${num(s.i33)} ${u.length}⁴`;
}

/** How many loads of each kind a call adds ("2 joint loads, 1 distributed load"). */
function loadKinds(loads) {
  const kinds = [
    ['joint', 'joint load'],
    ['frame_point', 'point load'],
    ['frame_distributed', 'distributed load'],
  ]
    .map(([t, w]) => [loads.filter((l) => l.type === t).length, w])
    .filter(([n]) => n);
  return list(kinds.map(([n, w]) => plural(n, w)));
}

/** What a mass source counts: the elements, the joint masses and each factored load pattern. */
function massSourceParts(args) {
  return [
    args.elements !== false && 'elements',
    args.joint_masses !== false && 'joint masses',
    ...(args.loads ?? []).map((l) => `${num(l.factor ?? 1)} × ${l.pattern}`),
  ].filter(Boolean);
}

/** What a delete names (or, answered, deleted), by kind. */
function deletedObjects(args, result) {
  const what = [
    ['frames', 'frame'],
    ['joints', 'joint'],
    ['areas', 'area'],
    ['patterns', 'load pattern'],
    ['combinations', 'combination'],
  ]
    .map(([k, w]) => [(result?.deleted ?? args)[k] ?? [], w])
    .filter(([xs]) => xs.length);
  return what.length ? list(what.map(([xs, w]) => `${w}${xs.length === 1 ? '' : 's'} ${list(xs, 3)}`)) : 'nothing';
}

/**
 * One sentence per tool, (args, result, u) => string: a table rather than one switch, so each
 * tool's wording reads on its own and a new tool is one entry. `result` is undefined while the
 * call runs, so each sentence says only what the program has answered.
 */
const SENTENCES = {
  new_model: (args, result, u) =>
    `Started a new ${args.dimension === '3d' ? '3D' : '2D'} model in ${u.force}, ${u.length} (${templateShape(args.template, u)})${result?.frames !== undefined ? `: ${plural(result.joints, 'joint')}, ${plural(result.frames, 'frame')}` : ''}`,
  open_model: (args) => `Opened ${args.path}`,
  save_model: (args, result) =>
    `Saved the model${result?.path ? ` to ${result.path}` : args.path ? ` to ${args.path}` : ''}`,
  define_material: (args, result, u) => `Defined material ${args.name}: E = ${num(args.e)} ${u.stress}`,
  define_section: (args, result, u) =>
    `Defined section ${args.name} (${sectionShape(args.section ?? {}, u)}, ${args.material})`,
  define_frames: (args) => {
    const frames = args.frames ?? [];
    return `Defined ${plural(frames.length, 'frame')} (${list([...new Set(frames.map((f) => f.section))], 3)})`;
  },
  assign_supports: (args) => {
    const joints = (args.joints ?? []).map(jointName);
    const kind = typeof args.restraint === 'string' ? (RESTRAINTS[args.restraint] ?? args.restraint) : 'Restrained';
    return `${kind} ${plural(joints.length, 'support')} (${joints.length === 1 ? 'joint' : 'joints'} ${list(joints)})`;
  },
  assign_loads: (args) => `Added ${loadKinds(args.loads ?? [])} to load pattern ${args.pattern}`,
  run_analysis: (args, result) =>
    `Ran the analysis${result?.cases ? ` (${plural(result.cases.length, 'case')}: ${list(result.cases)}; ${plural(result.equations, 'equation')})` : ''}`,
  read_results: (args, result) => {
    const what =
      { displacements: 'displacements', reactions: 'support reactions', member_forces: 'member forces' }[args.kind] ??
      args.kind;
    const n = result?.joints?.length ?? result?.frames?.length;
    return `Read ${what} for ${args.case}${n !== undefined ? ` (${plural(n, args.kind === 'member_forces' ? 'frame' : 'joint')})` : ''}`;
  },
  define_stories: (args) =>
    `Defined ${plural(args.stories?.length ?? 0, 'story', 'stories')}${args.stories?.length ? ` (${args.stories[0].name} to ${args.stories.at(-1).name})` : ''}`,
  define_grids: (args) =>
    `Defined the grid: ${plural(args.x?.length ?? 0, 'line')} along X, ${plural(args.y?.length ?? 0, 'line')} along Y`,
  assign_diaphragm: (args, result) =>
    `Made ${result?.joints ? plural(result.joints.length, 'joint') : 'joints'} a ${args.rigid === false ? 'semi-rigid' : 'rigid'} diaphragm ${result?.diaphragm ?? args.name ?? ''}`.trimEnd(),
  assign_joint_masses: (args) => `Assigned masses to ${plural(args.joints?.length ?? 0, 'joint')}`,
  define_mass_source: (args) => {
    const parts = massSourceParts(args);
    return `Defined the mass source${parts.length ? `: ${list(parts)}` : ''}`;
  },
  define_area_section: (args, result, u) =>
    `Defined ${args.kind ?? 'area'} section ${args.name} (${num(args.thickness)} ${u.length}, ${args.material})`,
  define_areas: (args) => `Added ${plural(args.areas?.length ?? 0, 'area')}`,
  define_load_combinations: (args, result) => {
    const made = result?.combinations?.map((c) => c.name) ?? (args.combinations ?? []).map((c) => c.name);
    return `${args.generate ? `Generated ${args.generate.code} combinations` : 'Defined combinations'}${made.length ? `: ${list(made)}` : ''}`;
  },
  define_modal_case: (args) => `Defined modal case ${args.name ?? 'MODAL'} with ${plural(args.modes ?? 12, 'mode')}`,
  define_response_spectrum: (args) => {
    const sp = args.spectrum ?? {};
    return `Defined response spectrum ${args.name}: ${sp.code ?? 'given points'} along ${args.direction}, ${args.combination ?? 'CQC'}`;
  },
  read_modal_results: (args, result) => {
    const m = result?.modes;
    return `Read ${m ? plural(m.length, 'mode') : 'the modes'} of ${args.case ?? 'MODAL'}${m?.length ? ` (T1 = ${num(m[0].period)} s; ΣUX ${num(m.at(-1).sum_ux * 100)} %, ΣUY ${num(m.at(-1).sum_uy * 100)} %)` : ''}`;
  },
  story_drifts: (args, result) => {
    const worst = result?.max;
    const verdict = result?.passes === true ? ', within the limit' : result?.passes === false ? ', over the limit' : '';
    return `Read story drifts for ${args.case}${worst ? `: largest ${num(worst.drift)} at ${worst.story} (${worst.direction})${verdict}` : ''}`;
  },
  story_forces: (args) => `Read story forces for ${args.case}`,
  list_tables: (args, result) =>
    `Listed ${result?.tables ? plural(result.tables.length, 'table') : 'the tables'}${args.contains ? ` with "${args.contains}"` : ''}`,
  read_table: (args, result) =>
    `Read ${args.table}${result?.rows ? ` (${plural(result.rows.length, 'row')}${result.total_rows > result.rows.length ? ` of ${num(result.total_rows)}` : ''})` : ''}`,
  design_steel: (args, result) => {
    const g = result?.governing;
    return `Checked steel frames to ${result?.code ?? 'AISC 360-16'}${g ? `: ${g.frame} governs, ratio ${num(g.ratio)} (${g.clause}, ${g.combination})` : ''}`;
  },
  design_concrete: (args, result) =>
    `Designed concrete frames to ${result?.code ?? 'ACI 318-19'}${result ? ` (${plural(result.beams.length, 'beam station')}, ${plural(result.columns.length, 'column')})` : ''}`,
  // Past tense only once the program answered: a declined delete deleted nothing.
  delete_objects: (args, result) => `${result ? 'Deleted' : 'Delete'} ${deletedObjects(args, result)}`,
  call_api: (args, result) => `Called ${args.method}${result ? ` (returned ${JSON.stringify(result.returned)})` : ''}`,
  open_worksheet: (args, result) =>
    `Opened worksheet ${args.path}${result?.inputs ? ` (${plural(result.inputs.length, 'input')}, ${plural(result.outputs?.length ?? 0, 'output')})` : ''}`,
  set_inputs: (args) => `Set ${plural(args.inputs?.length ?? 0, 'input')} of the worksheet`,
  read_outputs: (args, result) =>
    `Read ${plural(args.outputs?.length ?? result?.outputs?.length ?? 0, 'output')} of the worksheet`,
  save_worksheet: (args) => `Saved the worksheet${args.path ? ` to ${args.path}` : ''}`,
};

/** One sentence for a call (and its result, when back); a tool without one reads as its name. */
export function describe(name, args = {}, result, units) {
  const { tool } = splitName(name);
  const u = unitsOf(args?.units ?? units);
  // Own keys only: a tool named like an Object method ("toString") is just an unknown tool.
  if (Object.hasOwn(SENTENCES, tool)) return SENTENCES[tool](args, result, u);
  return String(tool)
    .replace(/_/g, ' ')
    .replace(/^./, (c) => c.toUpperCase());
}

/** A load as the schema reads it: the model may leave out what has a default. */
const withDefaults = (l) => ({ force: [0, 0, 0], moment: [0, 0, 0], from: 0, to: 1, relative: true, ...l });

/** A joint load's row: its forces and, when any, its moments, in global axes. */
const jointLoadRow = (l, u) => [
  'Joint',
  jointName(l.joint),
  'global',
  `F = (${l.force.map((v) => num(v)).join(', ')}) ${u.force}${l.moment.some((v) => v) ? `, M = (${l.moment.map((v) => num(v)).join(', ')}) ${u.moment}` : ''}`,
  '',
];

/** A point load's row: where on the frame, as a distance from end i or a share of its length. */
const pointLoadRow = (l, u) => [
  'Point',
  `frame ${l.frame}`,
  l.direction,
  `${num(l.value)} ${u.force}`,
  l.relative === false ? `${num(l.distance)} ${u.length} from i` : `${num(l.distance * 100)} % of length`,
];

/** A distributed load's row: its value (tapered when it has an end value) and the stretch it covers. */
const distributedLoadRow = (l, u) => [
  'Distributed',
  `frame ${l.frame}`,
  l.direction,
  `${num(l.value)}${l.value_end !== undefined ? ` → ${num(l.value_end)}` : ''} ${u.perLength}`,
  l.relative === false ? `${num(l.from)}–${num(l.to)} ${u.length}` : `${num(l.from * 100)}–${num(l.to * 100)} %`,
];

/** A load's row by its type: the schema has three (joint, frame_point, frame_distributed). */
const loadRow = (l, u) =>
  l.type === 'joint' ? jointLoadRow(l, u) : l.type === 'frame_point' ? pointLoadRow(l, u) : distributedLoadRow(l, u);

/** The six components of a joint's values, or the three a 2D model in its XZ plane has. */
const components = (two, names) =>
  two
    ? [
        [0, names[0]],
        [2, names[2]],
        [4, names[4]],
      ]
    : names.map((n, k) => [k, n]);

/** Displacements with translations in the small length unit (mm, in) and rotations in radians. */
function displacementTable(result, u, two) {
  const cols = components(two, ['UX', 'UY', 'UZ', 'RX', 'RY', 'RZ']);
  return {
    title: `Displacements, ${result.case}`,
    headers: ['Joint', ...cols.map(([k, l]) => `${l} (${k < 3 ? u.small : 'rad'})`)],
    rows: result.joints.map((j) => [j.joint, ...cols.map(([k]) => (k < 3 ? j.values[k] * u.toSmall : j.values[k]))]),
    numeric: true,
  };
}

/** Support reactions: forces in the force unit, moments in the moment unit. */
function reactionTable(result, u, two) {
  const cols = components(two, ['FX', 'FY', 'FZ', 'MX', 'MY', 'MZ']);
  return {
    title: `Support reactions, ${result.case}`,
    headers: ['Joint', ...cols.map(([k, l]) => `${l} (${k < 3 ? u.force : u.moment})`)],
    rows: result.joints.map((j) => [j.joint, ...cols.map(([k]) => j.values[k])]),
    numeric: true,
  };
}

/** Member forces: one row per station of every frame. */
function memberForceTable(result, u) {
  const rows = [];
  for (const f of result.frames) for (const s of f.stations ?? []) rows.push([f.frame, s.distance, ...s.values]);
  return {
    title: `Member forces, ${result.case}`,
    headers: [
      'Frame',
      `Station (${u.length})`,
      `P (${u.force})`,
      `V2 (${u.force})`,
      `V3 (${u.force})`,
      `T (${u.moment})`,
      `M2 (${u.moment})`,
      `M3 (${u.moment})`,
    ],
    rows,
    numeric: true,
  };
}

/** The worksheet's inputs set or outputs read: name, value, units. */
function worksheetTable(tool, args, result) {
  const items = args.inputs ?? result?.outputs;
  if (!items) return [];
  return [
    {
      title: tool === 'set_inputs' ? 'Inputs' : 'Outputs',
      headers: ['Name', 'Value', 'Units'],
      rows: items.map((i) => [i.alias, i.value, i.unit ?? '']),
    },
  ];
}

/**
 * Each tool's tables, (args, result, u, two) => [{ title, headers, rows, numeric? }]: a table
 * per tool rather than one long function, so a new tool is one entry. Result tables appear only
 * once the result carries the rows.
 */
const TABLES = {
  define_frames: (args, result, u) => [
    {
      title: 'Frames',
      headers: ['Frame', 'From', 'To', 'Section', `Length (${u.length})`],
      rows: (args.frames ?? []).map((f, k) => [
        result?.frames?.[k]?.name ?? f.name ?? k + 1,
        jointName(f.start),
        jointName(f.end),
        f.section,
        result?.frames?.[k]?.length,
      ]),
    },
  ],
  assign_loads: (args, result, u) => [
    {
      title: `Loads in pattern ${args.pattern}`,
      headers: ['Kind', 'Where', 'Direction', 'Value', 'Position'],
      rows: (args.loads ?? []).map(withDefaults).map((l) => loadRow(l, u)),
    },
  ],
  read_results: (args, result, u, two) =>
    [
      result?.joints && result.kind === 'displacements' && displacementTable(result, u, two),
      result?.joints && result.kind === 'reactions' && reactionTable(result, u, two),
      result?.frames && memberForceTable(result, u),
    ].filter(Boolean),
  read_modal_results: (args, result) =>
    result?.modes
      ? [
          {
            title: `Modes, ${result.case}`,
            headers: ['Mode', 'Period (s)', 'Frequency (Hz)', 'UX', 'UY', 'RZ', 'ΣUX', 'ΣUY'],
            rows: result.modes.map((m) => [m.mode, m.period, m.frequency, m.ux, m.uy, m.rz, m.sum_ux, m.sum_uy]),
            numeric: true,
          },
        ]
      : [],
  story_drifts: (args, result) =>
    result?.stories
      ? [
          {
            title: `Story drifts, ${result.case} (× ${num(result.amplification)}${result.limit !== null ? `, limit ${num(result.limit)}` : ''})`,
            headers: ['Story', 'Direction', 'Drift ratio', 'Joint'],
            rows: result.stories.map((r) => [r.story, r.direction, r.drift, r.joint]),
            numeric: true,
          },
        ]
      : [],
  story_forces: (args, result, u) =>
    result?.stories
      ? [
          {
            title: `Story forces, ${result.case}`,
            headers: [
              'Story',
              'Location',
              `P (${u.force})`,
              `VX (${u.force})`,
              `VY (${u.force})`,
              `T (${u.moment})`,
              `MX (${u.moment})`,
              `MY (${u.moment})`,
            ],
            rows: result.stories.map((r) => [r.story, r.location, r.p, r.vx, r.vy, r.t, r.mx, r.my]),
            numeric: true,
          },
        ]
      : [],
  design_steel: (args, result) =>
    result?.frames
      ? [
          {
            title: `Steel design, ${result.code}`,
            headers: ['Frame', 'Section', 'Ratio', 'Clause', 'Combination', 'Status'],
            rows: result.frames.map((f) => [
              f.frame,
              f.section,
              f.ratio ?? '—',
              f.clause ?? f.message ?? '',
              f.combination ?? '',
              f.status.replace('_', ' '),
            ]),
            numeric: true,
          },
        ]
      : [],
  read_table: (args, result) =>
    result?.rows
      ? [
          {
            title: result.table,
            headers: result.fields,
            rows: result.rows.map((r) => r.map((v) => v ?? '')),
            numeric: true,
          },
        ]
      : [],
  set_inputs: (args, result) => worksheetTable('set_inputs', args, result),
  read_outputs: (args, result) => worksheetTable('read_outputs', args, result),
};

/** Labelled tables for a call's arguments and result: [{ title, headers, rows }]. */
export function tables(name, args = {}, result, units, dimension) {
  const { tool } = splitName(name);
  // Own keys only, as in describe: a tool named like an Object method has no tables.
  if (!Object.hasOwn(TABLES, tool)) return [];
  return TABLES[tool](args, result, unitsOf(units), dimension === '2d');
}

function Table({ t }) {
  const [all, setAll] = useState(false);
  const floors = t.headers.map((_, k) => (t.numeric && k > 0 ? largest(t.rows, k) : 0));
  const shown = all ? t.rows : t.rows.slice(0, ROWS);
  return html`<figure class="table">
    <figcaption>
      ${t.title}${t.rows.length > ROWS ? html` <span class="muted">(${plural(t.rows.length, 'row')})</span>` : ''}
    </figcaption>
    <table>
      <thead>
        <tr>
          ${t.headers.map((x) => html`<th scope="col">${x}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${shown.map(
          (r) =>
            html`<tr>
              ${r.map((v, k) => html`<td class=${typeof v === 'number' ? 'n' : ''}>${typeof v === 'number' ? num(v, floors[k]) : v}</td>`)}
            </tr>`,
        )}
      </tbody>
    </table>
    ${t.rows.length > ROWS && html`<button class="link" onClick=${() => setAll(!all)}>${all ? `Show the first ${ROWS}` : `Show all ${plural(t.rows.length, 'row')}`}</button>`}
  </figure>`;
}

const pretty = (v) => {
  try {
    return JSON.stringify(typeof v === 'string' ? JSON.parse(v) : v, null, 2);
  } catch {
    return String(v);
  }
};

/**
 * call: { name, arguments, result, errorCode, errorMessage, state: 'running' | 'done' | 'failed', startedAt, endedAt }
 * context: { units, dimension } of the conversation's model.
 */
export function ToolCard({ call, context = {} }) {
  const [open, setOpen] = useState(false);
  const [raw, setRaw] = useState(false);
  const [, tick] = useState(0);
  const args = typeof call.arguments === 'string' ? safeParse(call.arguments) : (call.arguments ?? {});
  const { program } = splitName(call.name);
  // The elapsed time moves while the call runs (long analyses included).
  useEffect(() => {
    if (call.state !== 'running' || !call.startedAt) return;
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, [call.state, call.startedAt]);
  const elapsed = call.startedAt ? (call.endedAt ?? Date.now()) - call.startedAt : null;
  const label =
    call.errorCode === 'DECLINED' ? 'declined' : { running: 'running', done: 'done', failed: 'failed' }[call.state];
  const units = args?.units ?? context.units;
  // Opened from the summary's click, not the details' toggle event: toggle comes as a task of its
  // own after the click, a frame later on a busy machine; the click renders the body at once.
  const flip = (e) => {
    e.preventDefault();
    setOpen(!open);
  };
  return html`<details class=${`tool ${call.state}`} data-tool=${call.name} data-state=${call.state} open=${open}>
    <summary onClick=${flip}>
      <span class=${`state ${call.state}`} aria-label=${label}>${label}</span>
      <span class="what">${describe(call.name, args, call.result, units)}</span>
      ${program && html`<span class="muted prog">${PROGRAM[program]}</span>`}
      ${elapsed !== null && html`<span class="muted time">${seconds(elapsed)}</span>`}
    </summary>
    ${call.state === 'failed' && html`<p class="error">${toolError(call.errorCode)}${call.errorMessage ? html`: <span class="muted">${call.errorMessage}</span>` : ''}</p>`}
    ${
      open &&
      html`<div class="body">
        ${tables(call.name, args, call.result, units, context.dimension).map((t) => html`<${Table} t=${t} />`)}
        <button class="link" onClick=${() => setRaw(!raw)} aria-expanded=${raw}>
          ${raw ? 'Hide raw data' : 'Raw data (JSON)'}
        </button>
        ${
          raw &&
          html`<pre aria-label="Arguments">${pretty(args)}</pre>
            ${call.state !== 'running' && html`<pre aria-label="Result">${pretty(call.state === 'failed' ? { error: call.errorCode, message: call.errorMessage } : call.result)}</pre>`}`
        }
      </div>`
    }
  </details>`;
}

function safeParse(s) {
  try {
    return JSON.parse(s);
  } catch {
    return {};
  }
}
