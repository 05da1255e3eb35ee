// call_api on the stand-in: the allow-list's methods that read the model, and a few that change
// it, answered from the stand-in's model as the programs would (return 0 and the ByRef
// outputs by name). Any other method of the list needs SAP2000 or ETABS and is refused by name.
import { CSI_UNITS, oapiMethod, type ToolArgs, type ToolResult } from '@structural-platform/tool-schema';
import { ToolFailure } from '../adapter.ts';
import type { FrameModel } from './model/model.ts';

type Answer = ToolResult<'call_api'>;
type Emulation = (
  m: FrameModel,
  args: unknown[],
  save: (path: string) => Promise<string>,
) => Answer['outputs'] | number | Promise<number>;

const nameList =
  (list: (m: FrameModel) => string[]): Emulation =>
  (m) => {
    const names = list(m);
    return { NumberNames: names.length, MyName: names };
  };

const EMULATED: Record<string, Emulation> = {
  'SapModel.GetPresentUnits': (m) => CSI_UNITS[m.units],
  'SapModel.PointObj.GetNameList': nameList((m) => m.joints.map((j) => j.name)),
  'SapModel.FrameObj.GetNameList': nameList((m) => m.frames.map((f) => f.name)),
  'SapModel.AreaObj.GetNameList': nameList((m) => m.areas.map((a) => a.name)),
  'SapModel.PropMaterial.GetNameList': nameList((m) => [...m.materials.keys()]),
  'SapModel.PropFrame.GetNameList': nameList((m) => [...m.sections.keys()]),
  'SapModel.PropArea.GetNameList': nameList((m) => [...m.areaSections.keys()]),
  'SapModel.LoadPatterns.GetNameList': nameList((m) => [...m.patterns.keys()]),
  'SapModel.LoadCases.GetNameList': nameList((m) => [
    ...m.patterns.keys(),
    ...m.modalCases.keys(),
    ...m.rsCases.keys(),
  ]),
  'SapModel.RespCombo.GetNameList': nameList((m) => [...m.combinations.keys()]),
  'SapModel.Diaphragm.GetNameList': nameList((m) => [...m.diaphragms.keys()]),
  'SapModel.PointObj.GetCoordCartesian': (m, [name]) => {
    const [X, Y, Z] = m.joints[m.jointOf(String(name), false)]!.xyz;
    return { X, Y, Z };
  },
  'SapModel.PointObj.GetRestraint': (m, [name]) => ({ Value: m.joints[m.jointOf(String(name), false)]!.restraint }),
  'SapModel.FrameObj.GetPoints': (m, [name]) => {
    const f = m.frames[m.frameIndex(String(name))]!;
    return { Point1: m.joints[f.i]!.name, Point2: m.joints[f.j]!.name };
  },
  'SapModel.FrameObj.GetSection': (m, [name]) => ({
    PropName: m.frames[m.frameIndex(String(name))]!.section,
    SAuto: '',
  }),
  'SapModel.AreaObj.GetPoints': (m, [name]) => {
    const a = m.areas[m.areaIndex(String(name))]!;
    return { NumberPoints: a.joints.length, Point: a.joints.map((k) => m.joints[k]!.name) };
  },
  'SapModel.RespCombo.GetCaseList': (m, [name]) => {
    const c = m.combinations.get(String(name));
    if (!c) throw new ToolFailure('PROGRAM_ERROR', `combination ${String(name)} does not exist`, { returned: 1 });
    return {
      NumberItems: c.items.length,
      CNameType: c.items.map((i) => (m.combinations.has(i.case) ? 1 : 0)),
      CName: c.items.map((i) => i.case),
      SF: c.items.map((i) => i.factor),
    };
  },
  'SapModel.Story.GetStories_2': (m) => {
    const lv = m.storyLevels().slice(1);
    return {
      BaseElevation: m.stories?.base_elevation ?? 0,
      NumberStories: lv.length,
      StoryNames: lv.map((s) => s.name),
      StoryElevations: lv.map((s) => s.elevation),
      StoryHeights: lv.map((s) => s.height),
      IsMasterStory: lv.map(() => false),
      SimilarToStory: lv.map(() => ''),
      SpliceAbove: lv.map(() => false),
      SpliceHeight: lv.map(() => 0),
      Color: lv.map(() => 0),
    };
  },
  'SapModel.FrameObj.SetSection': (m, [name, section]) => {
    if (!m.sections.has(String(section)))
      throw new ToolFailure('PROGRAM_ERROR', `section ${String(section)} is not defined`, { returned: 1 });
    m.frames[m.frameIndex(String(name))]!.section = String(section);
    m.analysed = null;
    return 0;
  },
  'SapModel.LoadCases.ModalEigen.SetNumberModes': (m, [name, max]) => {
    if (!m.modalCases.has(String(name)))
      throw new ToolFailure('PROGRAM_ERROR', `modal case ${String(name)} does not exist`, { returned: 1 });
    m.modalCases.set(String(name), { modes: Number(max) });
    m.analysed = null;
    return 0;
  },
  'SapModel.File.Save': async (_m, [path], save) => {
    await save(String(path));
    return 0;
  },
};

export const EMULATED_METHODS = Object.keys(EMULATED);

export async function callApi(
  m: FrameModel,
  program: 'sap2000' | 'etabs',
  a: ToolArgs<'call_api'>,
  save: (path: string) => Promise<string>,
): Promise<Answer> {
  const entry = oapiMethod(a.method, program);
  if (!entry)
    throw new ToolFailure('INVALID_ARGUMENTS', `method: ${a.method} is not on the ${program} allow-list`, {
      method: a.method,
    });
  const emulate = EMULATED[a.method];
  if (!emulate)
    throw new ToolFailure(
      'PROGRAM_NOT_AVAILABLE',
      `the stand-in answers ${EMULATED_METHODS.length} of the allow-list's methods (${EMULATED_METHODS.map((x) => x.replace(/^SapModel\./, '')).join(', ')}); ${a.method} needs SAP2000 or ETABS`,
      { method: a.method },
    );
  const out = await emulate(m, a.args, save);
  return typeof out === 'number'
    ? { method: a.method, returned: a.method.endsWith('GetPresentUnits') ? out : 0, outputs: {} }
    : { method: a.method, returned: 0, outputs: out };
}
