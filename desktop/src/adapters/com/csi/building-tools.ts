// The building tools over OAPI:
// - stories (ETABS): Story.SetStories_2 (only while the model has no objects, as ETABS allows);
// - grids (ETABS): the "Grid Definitions - Grid Lines" table edited (DatabaseTables.
//   GetTableForEditingArray → SetTableForEditingArray → ApplyEditedTables), as the Speckle CSI
//   converter does: the OAPI has no grid-line setter that works across versions;
// - diaphragms: ETABS Diaphragm.SetDiaphragm with PointObj.SetDiaphragm (option 3, a named
//   diaphragm) or AreaObj.SetDiaphragm; SAP2000 ConstraintDef.SetDiaphragm (axis Z) with
//   PointObj.SetConstraint, one constraint per elevation (a SAP2000 diaphragm constraint would
//   otherwise tie floors together); SAP2000 has no semi-rigid diaphragm;
// - masses: PointObj.SetMass; SourceMass.SetMassSource (made the default);
// - area sections: ETABS PropArea.SetSlab / SetWall, SAP2000 PropArea.SetShell_1;
// - areas: AreaObj.AddByPoint.
import type { ToolArgs, ToolResult } from '@structural-platform/tool-schema';
import { ToolFailure } from '../../adapter.ts';
import { polygonArea } from '../../geometry.ts';
import { ITEM_OBJECT, strings, type CsiSession } from './context.ts';

const GRID_TABLE = 'Grid Definitions - Grid Lines';
const SHELL_THIN = 1,
  MEMBRANE = 3; // eShellType
const DIAPHRAGM_DEFINED = 3; // eDiaphragmOption: from a named diaphragm
const AXIS_Z = 3;

/** Sets the stories (ETABS Story.SetStories_2); new_model's templates use it too. */
export async function storiesOf(
  csi: CsiSession,
  s: { base_elevation: number; stories: { name: string; height: number }[] },
): Promise<void> {
  const n = s.stories.length;
  await csi.ok('SapModel.Story.SetStories_2', [
    s.base_elevation,
    n,
    s.stories.map((x) => x.name),
    s.stories.map((x) => x.height),
    s.stories.map(() => false),
    s.stories.map(() => 'None'),
    s.stories.map(() => false),
    s.stories.map(() => 0),
    s.stories.map(() => 0),
  ]);
}

export async function defineStories(
  csi: CsiSession,
  a: ToolArgs<'define_stories'>,
): Promise<ToolResult<'define_stories'>> {
  await csi.need();
  if ((await csi.names('PointObj')).length)
    throw new ToolFailure(
      'INVALID_ARGUMENTS',
      'ETABS defines stories only in a model without objects: define the stories first',
    );
  await storiesOf(csi, a);
  csi.changed();
  let z = a.base_elevation;
  return {
    base: 'Base',
    base_elevation: a.base_elevation,
    stories: a.stories.map((s) => ({ name: s.name, elevation: (z += s.height), height: s.height })),
  };
}

/** Replaces the grid lines of the model's grid system through the grid table. */
export async function defineGridLines(
  csi: CsiSession,
  g: { x: { label: string; ordinate: number }[]; y: { label: string; ordinate: number }[] },
): Promise<void> {
  const current = await csi.ok('SapModel.DatabaseTables.GetTableForEditingArray', [GRID_TABLE, '']);
  const fields = strings(current.FieldsKeysIncluded);
  const data = strings(current.TableData);
  const system = fields.includes('Name') && data.length ? data[fields.indexOf('Name')]! : 'G1';
  const value = (field: string, line: { label: string; ordinate: number }, type: string) => {
    switch (field) {
      case 'Name':
        return system;
      case 'LineType':
      case 'Grid Line Type':
        return type;
      case 'ID':
      case 'GridID':
        return line.label;
      case 'Ordinate':
        return String(line.ordinate);
      case 'BubbleLoc':
      case 'Bubble Location':
        return type.startsWith('X') ? 'End' : 'Start';
      case 'Visible':
        return 'Yes';
      default:
        return '';
    }
  };
  const keys = fields.length ? fields : ['Name', 'LineType', 'ID', 'Ordinate', 'BubbleLoc', 'Visible'];
  const rows = [
    ...g.x.map((l) => keys.map((f) => value(f, l, 'X (Cartesian)'))),
    ...g.y.map((l) => keys.map((f) => value(f, l, 'Y (Cartesian)'))),
  ];
  await csi.ok('SapModel.DatabaseTables.SetTableForEditingArray', [
    GRID_TABLE,
    Number(current.TableVersion ?? 0),
    keys,
    rows.length,
    rows.flat(),
  ]);
  const applied = await csi.ok('SapModel.DatabaseTables.ApplyEditedTables', [true]);
  if (Number(applied.NumFatalErrors) > 0 || Number(applied.NumErrorMsgs) > 0)
    throw new ToolFailure('PROGRAM_ERROR', `ETABS refused the grid: ${String(applied.ImportLog ?? '').slice(0, 500)}`, {
      call: 'DatabaseTables.ApplyEditedTables',
    });
}

export async function defineGrids(csi: CsiSession, a: ToolArgs<'define_grids'>): Promise<ToolResult<'define_grids'>> {
  await csi.need();
  await defineGridLines(csi, a);
  return { x: a.x, y: a.y };
}

/** A diaphragm over the joints at each elevation (the building template's). */
export async function assignDiaphragmLevels(csi: CsiSession, name: string, elevations: number[]): Promise<void> {
  const table = await csi.joints().names();
  for (const z of elevations) {
    const joints = table.filter((j) => Math.abs(j.xyz[2] - z) <= 1e-6).map((j) => j.name);
    await diaphragm(csi, name, true, joints, []);
  }
}

async function diaphragm(
  csi: CsiSession,
  name: string,
  rigid: boolean,
  joints: string[],
  areas: string[],
): Promise<string[]> {
  if (csi.program === 'etabs') {
    await csi.ok('SapModel.Diaphragm.SetDiaphragm', [name, !rigid]);
    for (const j of joints) await csi.ok('SapModel.PointObj.SetDiaphragm', [j, DIAPHRAGM_DEFINED, name]);
    for (const a of areas) await csi.ok('SapModel.AreaObj.SetDiaphragm', [a, name]);
    return joints;
  }
  if (!rigid)
    throw new ToolFailure(
      'PROGRAM_NOT_AVAILABLE',
      "SAP2000 has rigid diaphragm constraints only (semi-rigid diaphragms are ETABS's)",
    );
  // The areas' corners, then one constraint per elevation.
  const all = new Set(joints);
  for (const a of areas) for (const p of strings((await csi.ok('SapModel.AreaObj.GetPoints', [a])).Point)) all.add(p);
  const byZ = new Map<number, string[]>();
  for (const j of all) {
    const z = (await csi.coordinates(j))[2];
    const key = [...byZ.keys()].find((k) => Math.abs(k - z) <= 1e-6) ?? z;
    byZ.set(key, [...(byZ.get(key) ?? []), j]);
  }
  for (const [z, group] of byZ) {
    const constraint = `${name}@${Number(z.toFixed(6))}`;
    await csi.ok('SapModel.ConstraintDef.SetDiaphragm', [constraint, AXIS_Z, 'Global']);
    for (const j of group) await csi.ok('SapModel.PointObj.SetConstraint', [j, constraint, ITEM_OBJECT, true]);
  }
  return [...all];
}

export async function assignDiaphragm(
  csi: CsiSession,
  a: ToolArgs<'assign_diaphragm'>,
): Promise<ToolResult<'assign_diaphragm'>> {
  await csi.need();
  const resolver = csi.joints();
  const joints: string[] = [];
  for (const ref of a.joints ?? []) joints.push(await resolver.resolve(ref));
  if (a.stories?.length) {
    const elevations = await csi.storyElevations();
    const table = await resolver.names();
    for (const story of a.stories) {
      const z = elevations.get(story);
      if (z === undefined)
        throw new ToolFailure(
          'NOT_FOUND',
          csi.program === 'etabs' ? `story ${story} does not exist` : 'SAP2000 models have no stories: name the joints',
          { story },
        );
      for (const j of table) if (Math.abs(j.xyz[2] - z) <= 1e-6) joints.push(j.name);
    }
  }
  const areas = a.areas ?? [];
  if (areas.length) {
    const have = new Set(await csi.names('AreaObj'));
    for (const x of areas)
      if (!have.has(x)) throw new ToolFailure('NOT_FOUND', `area ${x} does not exist`, { area: x });
  }
  const assigned = await diaphragm(csi, a.name, a.rigid, [...new Set(joints)], areas);
  csi.changed();
  return { diaphragm: a.name, rigid: a.rigid, joints: assigned };
}

export async function assignJointMasses(
  csi: CsiSession,
  a: ToolArgs<'assign_joint_masses'>,
): Promise<ToolResult<'assign_joint_masses'>> {
  await csi.need();
  const resolver = csi.joints();
  const out = [];
  for (const ref of a.joints) {
    const name = await resolver.resolve(ref);
    // Global axes (IsLocalCSys false).
    await csi.ok('SapModel.PointObj.SetMass', [name, [...a.mass, ...a.rotational], ITEM_OBJECT, false, a.replace]);
    out.push(name);
  }
  csi.changed();
  return { joints: out };
}

export async function defineMassSource(
  csi: CsiSession,
  a: ToolArgs<'define_mass_source'>,
): Promise<ToolResult<'define_mass_source'>> {
  await csi.need();
  const patterns = new Set(await csi.names('LoadPatterns'));
  for (const l of a.loads)
    if (!patterns.has(l.pattern))
      throw new ToolFailure('NOT_FOUND', `load pattern ${l.pattern} does not exist`, { pattern: l.pattern });
  await csi.ok('SapModel.SourceMass.SetMassSource', [
    a.name,
    a.elements,
    a.joint_masses,
    a.loads.length > 0,
    true,
    a.loads.length,
    a.loads.map((l) => l.pattern),
    a.loads.map((l) => l.factor),
  ]);
  csi.changed();
  return { name: a.name, elements: a.elements, joint_masses: a.joint_masses, loads: a.loads };
}

export async function defineAreaSection(
  csi: CsiSession,
  a: ToolArgs<'define_area_section'>,
): Promise<ToolResult<'define_area_section'>> {
  await csi.need();
  if (!(await csi.names('PropMaterial')).includes(a.material))
    throw new ToolFailure('NOT_FOUND', `material ${a.material} is not defined`, { material: a.material });
  const shell = a.kind === 'membrane' ? MEMBRANE : SHELL_THIN;
  if (csi.program === 'etabs') {
    if (a.kind === 'wall')
      await csi.ok('SapModel.PropArea.SetWall', [a.name, 1, shell, a.material, a.thickness]); // eWallPropType Specified
    else await csi.ok('SapModel.PropArea.SetSlab', [a.name, 0, shell, a.material, a.thickness]); // eSlabType Slab
  } else {
    await csi.ok('SapModel.PropArea.SetShell_1', [a.name, shell, true, a.material, 0, a.thickness, a.thickness]);
  }
  csi.changed();
  return { name: a.name };
}

export async function defineAreas(csi: CsiSession, a: ToolArgs<'define_areas'>): Promise<ToolResult<'define_areas'>> {
  await csi.need();
  const sections = new Set(await csi.names('PropArea'));
  const out = [];
  for (const area of a.areas) {
    if (!sections.has(area.section))
      throw new ToolFailure('NOT_FOUND', `area section ${area.section} is not defined`, { section: area.section });
    const points = [];
    for (const ref of area.joints) points.push(await csi.point(ref));
    const made = await csi.ok('SapModel.AreaObj.AddByPoint', [
      points.length,
      points.map((p) => p.name),
      area.section,
      area.name ?? '',
    ]);
    out.push({
      name: String(made.Name),
      joints: points.map((p) => p.name),
      area: polygonArea(points.map((p) => p.xyz)),
    });
  }
  csi.changed();
  return { areas: out };
}
