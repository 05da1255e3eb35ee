// The model tools over OAPI: new/open/save (InitializeNewModel, File.NewBlank/OpenFile/Save,
// GetPresentUnits), materials (PropMaterial.SetMaterial, SetMPIsotropic, SetWeightAndMass,
// SetOSteel_1, SetOConcrete_1), sections (PropFrame.SetRectangle, SetISection, SetGeneral),
// frames (PointObj.AddCartesian, FrameObj.AddByPoint, SetReleases, SetLocalAxes), supports
// (PointObj.SetRestraint), loads (LoadPatterns.Add, PointObj.SetLoadForce, FrameObj.SetLoadPoint /
// SetLoadDistributed, AreaObj.SetLoadUniform, their Delete… with replace), the analysis
// (FrameObj.SetOutputStations, Analyze.RunAnalysis) and deleting objects.
import { stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import {
  CSI_UNITS,
  restraintOf,
  type Load,
  type ToolArgs,
  type ToolResult,
  type Units,
} from '@structural-platform/tool-schema';
import { ToolFailure } from '../../adapter.ts';
import { templatePlan } from '../../templates.ts';
import { assignDiaphragmLevels, defineGridLines, storiesOf } from './building-tools.ts';
import { FILES, GROUP_ALL, ITEM_GROUP, ITEM_OBJECT, OUTPUT_SEGMENTS, type Vec3, type CsiSession } from './context.ts';

const PATTERN_OTHER = 8; // eLoadPatternType
const MATERIAL_TYPE = { steel: 1, concrete: 2, other: 3 } as const; // eMatType
/** Load directions (frame and area loads): 1–3 local, 4–6 X, Y, Z, 10 gravity. */
const DIRECTION = { local_1: 1, local_2: 2, local_3: 3, X: 4, Y: 5, Z: 6, gravity: 10 } as const;

export async function summary(csi: CsiSession): Promise<ToolResult<'open_model'>> {
  const m = await csi.need();
  const [joints, frames, materials, sections, patterns] = [
    await csi.names('PointObj'),
    await csi.names('FrameObj'),
    await csi.names('PropMaterial'),
    await csi.names('PropFrame'),
    await csi.names('LoadPatterns'),
  ];
  return {
    joints: joints.length,
    frames: frames.length,
    materials,
    sections,
    patterns,
    units: m.units,
    dimension: m.dimension,
    path: m.path,
  };
}

export async function newModel(csi: CsiSession, a: ToolArgs<'new_model'>): Promise<ToolResult<'new_model'>> {
  const plan = templatePlan(a);
  await csi.ok('SapModel.InitializeNewModel', [CSI_UNITS[a.units]]);
  await csi.ok('SapModel.File.NewBlank');
  if (a.dimension === '2d') await csi.ok('SapModel.Analyze.SetActiveDOF', [[true, false, true, false, true, false]]);
  csi.model = {
    units: a.units,
    dimension: a.dimension,
    path: null,
    loadCounts: new Map(),
    instance: csi.instance,
    pendingSections: new Map(),
  };
  csi.changed();
  // ETABS takes stories only while the model has no objects.
  if (plan.stories && csi.program === 'etabs') await storiesOf(csi, plan.stories);
  if (plan.grids && csi.program === 'etabs') await defineGridLines(csi, plan.grids);
  // The new model has none of the user's sections: the template's frames take the program's
  // "Default" property (PropName's documented default) until define_section defines theirs.
  const sections = plan.frames.length ? await csi.names('PropFrame') : [];
  const frames: string[] = [];
  for (const f of plan.frames) {
    const defined = sections.includes(f.section);
    const name = (
      await addFrame(csi, { start: f.start, end: f.end, section: defined ? f.section : 'Default', angle: 0 })
    ).name;
    frames.push(name);
    if (!defined) {
      const role = f.section === a.default_section ? 'default_section' : 'beam_section';
      const p = csi.model.pendingSections.get(f.section) ?? { role, frames: [] };
      p.frames.push(name);
      csi.model.pendingSections.set(f.section, p);
    }
  }
  for (const s of plan.supports) await assignSupports(csi, { joints: [s.at], restraint: s.restraint });
  if (plan.diaphragmLevels.length) await assignDiaphragmLevels(csi, 'D1', plan.diaphragmLevels);
  return { ...(await summary(csi)), created_frames: frames, created_joints: await csi.names('PointObj') };
}

export async function open(csi: CsiSession, p: string): Promise<ToolResult<'open_model'>> {
  const full = resolve(csi.workingDirectory, p);
  const ext = extname(full).toLowerCase();
  const files = FILES[csi.program];
  if (!files.open.includes(ext))
    throw new ToolFailure(
      'UNSUPPORTED_FILE',
      `${csi.label} opens ${files.open.join(', ')} files, not ${ext || 'a file without extension'}`,
      { path: full },
    );
  const info = await stat(full).catch(() => null);
  if (!info?.isFile()) throw new ToolFailure('NOT_FOUND', `no model file at ${full}`, { path: full });
  await csi.ok('SapModel.File.OpenFile', [full], 600_000);
  const present = (await csi.call('SapModel.GetPresentUnits', [])).value;
  let units = (Object.keys(CSI_UNITS) as Units[]).find((u) => CSI_UNITS[u] === present);
  if (!units) {
    // A unit system the tools do not name (e.g. kN, cm): switched to kN, m, C and said so in the answer's `units`.
    await csi.ok('SapModel.SetPresentUnits', [CSI_UNITS.kN_m_C]);
    units = 'kN_m_C';
  }
  csi.model = {
    units,
    dimension: '3d',
    path: full,
    loadCounts: new Map(),
    instance: csi.instance,
    pendingSections: new Map(),
  };
  csi.changed();
  return summary(csi);
}

export async function save(csi: CsiSession, p: string | undefined): Promise<string> {
  const m = await csi.need();
  const target = p ? resolve(csi.workingDirectory, p) : m.path;
  if (!target) throw new ToolFailure('INVALID_ARGUMENTS', 'path: the model has never been saved; give a path');
  const want = FILES[csi.program].save;
  if (extname(target).toLowerCase() !== want)
    throw new ToolFailure('UNSUPPORTED_FILE', `${csi.label} saves ${want} files`, { path: target });
  await csi.ok('SapModel.File.Save', [target], 600_000);
  m.path = target;
  return target;
}

export async function defineMaterial(
  csi: CsiSession,
  a: ToolArgs<'define_material'>,
): Promise<ToolResult<'define_material'>> {
  await csi.need();
  await csi.ok('SapModel.PropMaterial.SetMaterial', [a.name, MATERIAL_TYPE[a.kind]]);
  await csi.ok('SapModel.PropMaterial.SetMPIsotropic', [a.name, a.e, a.poisson, 0]);
  // Weight per unit volume (1): its mass is the elements' mass in a mass source.
  await csi.ok('SapModel.PropMaterial.SetWeightAndMass', [a.name, 1, a.unit_weight]);
  if (a.kind === 'steel') {
    const fu = a.fu ?? a.fy! * 1.3;
    // Expected strengths = specified (no Ry/Rt), simple stress-strain curve (1), kinematic hysteresis (1); strains CSI's defaults for A992.
    await csi.ok('SapModel.PropMaterial.SetOSteel_1', [a.name, a.fy, fu, a.fy, fu, 1, 1, 0.02, 0.1, 0.2, -0.1]);
  }
  if (a.kind === 'concrete')
    await csi.ok('SapModel.PropMaterial.SetOConcrete_1', [a.name, a.fc, false, 1, 1, 1, 0.002, 0.005, -0.1]);
  csi.changed();
  return { name: a.name };
}

export async function defineSection(
  csi: CsiSession,
  a: ToolArgs<'define_section'>,
): Promise<ToolResult<'define_section'>> {
  const m = await csi.need();
  if (!(await csi.names('PropMaterial')).includes(a.material))
    throw new ToolFailure('NOT_FOUND', `material ${a.material} is not defined`, { material: a.material });
  const s = a.section;
  if (s.shape === 'rectangle') await csi.ok('SapModel.PropFrame.SetRectangle', [a.name, a.material, s.depth, s.width]);
  else if (s.shape === 'i_section') {
    // The program computes the properties from the plates (its own fillet-free values); catalogue values are the stand-in's.
    await csi.ok('SapModel.PropFrame.SetISection', [
      a.name,
      a.material,
      s.depth,
      s.flange_width,
      s.flange_thickness,
      s.web_thickness,
      s.flange_width,
      s.flange_thickness,
    ]);
  } else {
    // The general section's depth and width (t3, t2) only draw it: those of the rectangle with
    // the same area and I33. Shear areas 0: no shear deformation, as in the stand-in.
    const t3 = Math.sqrt((12 * s.i33) / s.area),
      t2 = s.area / t3;
    const s33 = s.i33 / (t3 / 2),
      s22 = s.i22 / (t2 / 2);
    await csi.ok('SapModel.PropFrame.SetGeneral', [
      a.name,
      a.material,
      t3,
      t2,
      s.area,
      0,
      0,
      s.j,
      s.i22,
      s.i33,
      s22,
      s33,
      1.5 * s22,
      1.5 * s33,
      Math.sqrt(s.i22 / s.area),
      Math.sqrt(s.i33 / s.area),
    ]);
  }
  const pending = m.pendingSections.get(a.name);
  if (pending) {
    for (const frame of pending.frames) await csi.ok('SapModel.FrameObj.SetSection', [frame, a.name]);
    m.pendingSections.delete(a.name);
  }
  csi.changed();
  return { name: a.name };
}

export async function addFrame(
  csi: CsiSession,
  f: {
    name?: string;
    start: ToolArgs<'define_frames'>['frames'][number]['start'];
    end: ToolArgs<'define_frames'>['frames'][number]['end'];
    section: string;
    angle: number;
    releases?: { i: boolean[]; j: boolean[] };
  },
): Promise<ToolResult<'define_frames'>['frames'][number]> {
  const i = await csi.point(f.start),
    j = await csi.point(f.end);
  if (i.name === j.name)
    throw new ToolFailure('INVALID_ARGUMENTS', `frame ${f.name ?? '(new)'}: both ends are joint ${i.name}`);
  const out = await csi.ok('SapModel.FrameObj.AddByPoint', [i.name, j.name, f.section, f.name ?? '']);
  const name = String(out.Name);
  if (f.releases)
    await csi.ok('SapModel.FrameObj.SetReleases', [
      name,
      f.releases.i,
      f.releases.j,
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
    ]);
  if (f.angle !== 0) await csi.ok('SapModel.FrameObj.SetLocalAxes', [name, f.angle]);
  return {
    name,
    joint_i: i.name,
    joint_j: j.name,
    length: Math.hypot(j.xyz[0] - i.xyz[0], j.xyz[1] - i.xyz[1], j.xyz[2] - i.xyz[2]),
  };
}

export async function defineFrames(
  csi: CsiSession,
  a: ToolArgs<'define_frames'>,
): Promise<ToolResult<'define_frames'>> {
  await csi.need();
  const frames = [];
  for (const f of a.frames) frames.push(await addFrame(csi, f));
  csi.changed();
  return { frames };
}

export async function assignSupports(
  csi: CsiSession,
  a: { joints: ToolArgs<'assign_supports'>['joints']; restraint: ToolArgs<'assign_supports'>['restraint'] },
): Promise<ToolResult<'assign_supports'>> {
  await csi.need();
  const flags = restraintOf(a.restraint);
  const joints = csi.joints();
  const out = [];
  for (const ref of a.joints) {
    const name = await joints.resolve(ref);
    await csi.ok('SapModel.PointObj.SetRestraint', [name, flags]);
    out.push(name);
  }
  csi.changed();
  return { joints: out };
}

export async function assignLoads(csi: CsiSession, a: ToolArgs<'assign_loads'>): Promise<ToolResult<'assign_loads'>> {
  const m = await csi.need();
  const resolver = csi.joints();
  // Resolve every name first, so a wrong one is refused before anything is assigned.
  const joints = new Map<Load, string>();
  for (const l of a.loads) if (l.type === 'joint') joints.set(l, await resolver.resolve(l.joint));
  const frames = new Set(await csi.names('FrameObj'));
  for (const l of a.loads)
    if ((l.type === 'frame_point' || l.type === 'frame_distributed') && !frames.has(l.frame))
      throw new ToolFailure('NOT_FOUND', `frame ${l.frame} does not exist`, { frame: l.frame });
  if (a.loads.some((l) => l.type === 'area_uniform')) {
    const areas = new Set(await csi.names('AreaObj'));
    for (const l of a.loads)
      if (l.type === 'area_uniform' && !areas.has(l.area))
        throw new ToolFailure('NOT_FOUND', `area ${l.area} does not exist`, { area: l.area });
  }
  if (!(await csi.names('LoadPatterns')).includes(a.pattern))
    await csi.ok('SapModel.LoadPatterns.Add', [a.pattern, PATTERN_OTHER, 0, true]);
  else if (a.replace) {
    for (const method of [
      'SapModel.PointObj.DeleteLoadForce',
      'SapModel.FrameObj.DeleteLoadPoint',
      'SapModel.FrameObj.DeleteLoadDistributed',
      'SapModel.AreaObj.DeleteLoadUniform',
    ])
      await csi.ok(method, [GROUP_ALL, a.pattern, ITEM_GROUP]);
    m.loadCounts.set(a.pattern, 0);
  }
  for (const l of a.loads) {
    if (l.type === 'joint') {
      await csi.ok('SapModel.PointObj.SetLoadForce', [
        joints.get(l)!,
        a.pattern,
        [...l.force, ...l.moment],
        false,
        'Global',
        ITEM_OBJECT,
      ]);
      continue;
    }
    const dir = DIRECTION[l.direction];
    if (l.type === 'area_uniform') {
      await csi.ok('SapModel.AreaObj.SetLoadUniform', [l.area, a.pattern, l.value, dir, false, 'Global', ITEM_OBJECT]);
      continue;
    }
    const csys = l.direction.startsWith('local_') ? 'Local' : 'Global';
    if (l.type === 'frame_point')
      await csi.ok('SapModel.FrameObj.SetLoadPoint', [
        l.frame,
        a.pattern,
        1,
        dir,
        l.distance,
        l.value,
        csys,
        l.relative,
        false,
        ITEM_OBJECT,
      ]);
    else
      await csi.ok('SapModel.FrameObj.SetLoadDistributed', [
        l.frame,
        a.pattern,
        1,
        dir,
        l.from,
        l.to,
        l.value,
        l.value_end ?? l.value,
        csys,
        l.relative,
        false,
        ITEM_OBJECT,
      ]);
  }
  // The programs do not count a pattern's loads for us: this counts what this session assigned.
  const count = (a.replace ? 0 : (m.loadCounts.get(a.pattern) ?? 0)) + a.loads.length;
  m.loadCounts.set(a.pattern, count);
  csi.changed();
  return { pattern: a.pattern, load_count: count };
}

export async function analyse(csi: CsiSession): Promise<ToolResult<'run_analysis'>> {
  const m = await csi.need();
  for (const [section, p] of m.pendingSections)
    throw new ToolFailure(
      'INVALID_ARGUMENTS',
      `section ${section}, the template's ${p.role}, is not defined: call define_section first`,
      { section },
    );
  const started = performance.now();
  if (!m.path)
    await save(
      csi,
      resolve(
        csi.workingDirectory,
        `model-${new Date().toISOString().replace(/[:.]/g, '-')}${FILES[csi.program].save}`,
      ),
    );
  await csi.ok('SapModel.FrameObj.SetOutputStations', [GROUP_ALL, 2, 0, OUTPUT_SEGMENTS, false, false, ITEM_GROUP]);
  // RunAnalysis has no progress and cannot be interrupted: the same 10-minute limit as the stand-in's.
  await csi.ok('SapModel.Analyze.RunAnalysis', [], 600_000);
  csi.analysed = true;
  const cases = await csi.names('LoadCases');
  // Equations: the joints' free degrees of freedom among the active ones, as the stand-in counts them (without constraints).
  const active = m.dimension === '2d' ? [true, false, true, false, true, false] : [true, true, true, true, true, true];
  let equations = 0;
  for (const name of await csi.names('PointObj')) {
    const fixed = (await csi.ok('SapModel.PointObj.GetRestraint', [name])).Value;
    equations += active.filter((on, k) => on && !(Array.isArray(fixed) && fixed[k] === true)).length;
  }
  return { cases, equations, elapsed_ms: performance.now() - started };
}

export async function deleteObjects(
  csi: CsiSession,
  a: ToolArgs<'delete_objects'>,
): Promise<ToolResult<'delete_objects'>> {
  await csi.need();
  const check = async (kind: string, collection: string, names: string[] | undefined) => {
    const have = new Set(await csi.names(collection));
    for (const n of names ?? [])
      if (!have.has(n)) throw new ToolFailure('NOT_FOUND', `${kind} ${n} does not exist`, { [kind]: n });
  };
  await check('frame', 'FrameObj', a.frames);
  await check('area', 'AreaObj', a.areas);
  await check('joint', 'PointObj', a.joints);
  await check('pattern', 'LoadPatterns', a.patterns);
  await check('combination', 'RespCombo', a.combinations);
  for (const n of a.combinations ?? []) await csi.ok('SapModel.RespCombo.Delete', [n]);
  for (const n of a.frames ?? []) await csi.ok('SapModel.FrameObj.Delete', [n, ITEM_OBJECT]);
  for (const n of a.areas ?? []) await csi.ok('SapModel.AreaObj.Delete', [n, ITEM_OBJECT]);
  // A point object is deleted only where nothing is connected to it (DeleteSpecialPoint).
  for (const n of a.joints ?? []) await csi.ok('SapModel.PointObj.DeleteSpecialPoint', [n, ITEM_OBJECT]);
  for (const n of a.patterns ?? []) await csi.ok('SapModel.LoadPatterns.Delete', [n]);
  csi.changed();
  return {
    deleted: {
      frames: a.frames ?? [],
      joints: a.joints ?? [],
      areas: a.areas ?? [],
      patterns: a.patterns ?? [],
      combinations: a.combinations ?? [],
    },
  };
}

export type { Vec3 };
