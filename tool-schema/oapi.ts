// The CSI OAPI methods the escape hatch (call_api) may call, with typed parameters. The list
// starts from the methods the tools call, so the COM adapter builds its own calls from the same
// entries (desktop/src/adapters/com/oapi-call.ts): a method the tools use and a method an agent
// calls directly are typed and checked the same way.
//
// Parameters: `in` values the caller gives; `out` ByRef outputs the caller leaves out (the
// adapter passes an empty value of the type and answers what the program wrote); `inout`
// ByRef arrays the caller gives and the program may rewrite.
//
// effect: read (nothing changes), write (changes the model), delete (removes objects or loads
// from the model), file (reads or writes a file, or replaces the open model). confirm: the
// desktop client shows the change and the engineer approves it before the call runs; every
// delete and file method has it: nothing that deletes, overwrites a file or discards the open
// model runs without that step.
//
// Signatures checked against public sources (none could be called here): the CSI OAPI
// documentation's examples quoted in public code (SourceMass.SetMassSource, DesignSteel.
// GetSummaryResults), tadodev/EtabSharp (RespCombo.Add / SetCaseList with a ByRef eCNameType,
// Results.StoryDrifts, ModalParticipatingMassRatios, DatabaseTables), the Speckle CSI converter
// (Story.SetStories_2, DatabaseTables.SetTableForEditingArray / ApplyEditedTables, the "Grid
// Definitions - Grid Lines" table), an ETABS OAPI signature reference compiled from the CHM in
// kcortes765/taller-etabs (FuncRS.SetUser, ResponseSpectrum.SetLoads / SetModalComb,
// ModalEigen.SetNumberModes, PointObj.SetDiaphragm, PropArea.SetSlab / SetWall / SetShell_1,
// AreaObj.AddByPoint / SetLoadUniform / SetDiaphragm, Results.BaseReact), and public scripts
// calling ResponseSpectrum.SetModalComb_1(Name, MyType, F1, F2, PeriodicRigidCombType, Td),
// DesignConcrete.GetSummaryResultsBeam / GetSummaryResultsColumn, PointObj.SetMass.
import { z } from 'zod';

/** CSI eUnits for the tool schema's unit systems (GetPresentUnits / InitializeNewModel). */
export const CSI_UNITS = {
  lb_in_F: 1,
  lb_ft_F: 2,
  kip_in_F: 3,
  kip_ft_F: 4,
  kN_mm_C: 5,
  kN_m_C: 6,
  kgf_m_C: 8,
  N_mm_C: 9,
  N_m_C: 10,
  tonf_m_C: 12,
} as const;

export type OapiType = 'string' | 'int' | 'double' | 'bool' | 'string[]' | 'int[]' | 'double[]' | 'bool[]';
export interface OapiParam {
  name: string;
  type: OapiType;
  io: 'in' | 'out' | 'inout';
}
export type OapiEffect = 'read' | 'write' | 'delete' | 'file';
export interface OapiMethod {
  /** Path from the model object, e.g. SapModel.FrameObj.SetSection. */
  method: string;
  programs: readonly ('sap2000' | 'etabs')[];
  params: readonly OapiParam[];
  effect: OapiEffect;
  confirm: boolean;
}

const p =
  (type: OapiType, io: OapiParam['io'] = 'in') =>
  (name: string): OapiParam => ({ name, type, io });
const s = p('string'),
  i = p('int'),
  d = p('double'),
  b = p('bool');
const os = p('string', 'out'),
  oi = p('int', 'out'),
  od = p('double', 'out'),
  osa = p('string[]', 'out'),
  oda = p('double[]', 'out'),
  oia = p('int[]', 'out'),
  oba = p('bool[]', 'out');
const xsa = p('string[]', 'inout'),
  xda = p('double[]', 'inout'),
  xba = p('bool[]', 'inout'),
  xia = p('int[]', 'inout'),
  xi = p('int', 'inout');

const BOTH = ['sap2000', 'etabs'] as const;
const SAP = ['sap2000'] as const;
const ETABS = ['etabs'] as const;

function m(
  method: string,
  effect: OapiEffect,
  params: OapiParam[],
  programs: readonly ('sap2000' | 'etabs')[] = BOTH,
): OapiMethod {
  return { method: `SapModel.${method}`, programs, params, effect, confirm: effect === 'delete' || effect === 'file' };
}
const names = (path: string) => m(`${path}.GetNameList`, 'read', [oi('NumberNames'), osa('MyName')]);
const results = (path: string, columns: OapiParam[], lead: OapiParam[] = [s('Name'), i('ItemTypeElm')]) =>
  m(`Results.${path}`, 'read', [...lead, oi('NumberResults'), ...columns]);
const six = (k: string[]) => k.map((c) => oda(c));

export const OAPI_METHODS: readonly OapiMethod[] = [
  // Model and files
  m('InitializeNewModel', 'file', [i('Units')]),
  m('File.NewBlank', 'file', []),
  m('File.OpenFile', 'file', [s('FileName')]),
  m('File.Save', 'file', [s('FileName')]),
  m('GetModelFilename', 'read', [b('IncludePath')]),
  m('GetPresentUnits', 'read', []),
  m('SetPresentUnits', 'write', [i('Units')]),
  // Analysis (RunAnalysis saves the model to its file first: a file write)
  m('Analyze.SetActiveDOF', 'write', [xba('DOF')]),
  m('Analyze.SetRunCaseFlag', 'write', [s('Name'), b('Run'), b('All')]),
  m('Analyze.RunAnalysis', 'file', []),
  // Materials and sections
  m('PropMaterial.SetMaterial', 'write', [s('Name'), i('MatType')]),
  m('PropMaterial.SetMPIsotropic', 'write', [s('Name'), d('E'), d('U'), d('A')]),
  m('PropMaterial.SetWeightAndMass', 'write', [s('Name'), i('MyOption'), d('Value')]),
  m('PropMaterial.SetOSteel_1', 'write', [
    s('Name'),
    d('Fy'),
    d('Fu'),
    d('EFy'),
    d('EFu'),
    i('SSType'),
    i('SSHysType'),
    d('StrainAtHardening'),
    d('StrainAtMaxStress'),
    d('StrainAtRupture'),
    d('FinalSlope'),
  ]),
  m('PropMaterial.SetOConcrete_1', 'write', [
    s('Name'),
    d('Fc'),
    b('IsLightweight'),
    d('FcsFactor'),
    i('SSType'),
    i('SSHysType'),
    d('StrainAtFc'),
    d('StrainUltimate'),
    d('FinalSlope'),
  ]),
  names('PropMaterial'),
  m('PropFrame.SetRectangle', 'write', [s('Name'), s('MatProp'), d('T3'), d('T2')]),
  m('PropFrame.SetISection', 'write', [
    s('Name'),
    s('MatProp'),
    d('T3'),
    d('T2'),
    d('Tf'),
    d('Tw'),
    d('T2b'),
    d('Tfb'),
  ]),
  m('PropFrame.GetRectangle', 'read', [
    s('Name'),
    os('FileName'),
    os('MatProp'),
    od('T3'),
    od('T2'),
    oi('Color'),
    os('Notes'),
    os('GUID'),
  ]),
  m('PropFrame.SetGeneral', 'write', [
    s('Name'),
    s('MatProp'),
    d('T3'),
    d('T2'),
    d('Area'),
    d('As2'),
    d('As3'),
    d('Torsion'),
    d('I22'),
    d('I33'),
    d('S22'),
    d('S33'),
    d('Z22'),
    d('Z33'),
    d('R22'),
    d('R33'),
  ]),
  names('PropFrame'),
  m('PropArea.SetSlab', 'write', [s('Name'), i('SlabType'), i('ShellType'), s('MatProp'), d('Thickness')], ETABS),
  m('PropArea.SetWall', 'write', [s('Name'), i('WallPropType'), i('ShellType'), s('MatProp'), d('Thickness')], ETABS),
  m(
    'PropArea.SetShell_1',
    'write',
    [s('Name'), i('ShellType'), b('IncludeDrillingDOF'), s('MatProp'), d('MatAng'), d('Thickness'), d('Bending')],
    SAP,
  ),
  names('PropArea'),
  // Joints
  m('PointObj.AddCartesian', 'write', [d('X'), d('Y'), d('Z'), os('Name'), s('UserName'), s('CSys')]),
  m('PointObj.GetCoordCartesian', 'read', [s('Name'), od('X'), od('Y'), od('Z'), s('CSys')]),
  m('PointObj.SetRestraint', 'write', [s('Name'), xba('Value')]),
  m('PointObj.GetRestraint', 'read', [s('Name'), oba('Value')]),
  m('PointObj.SetLoadForce', 'write', [s('Name'), s('LoadPat'), xda('Value'), b('Replace'), s('CSys'), i('ItemType')]),
  m('PointObj.DeleteLoadForce', 'delete', [s('Name'), s('LoadPat'), i('ItemType')]),
  m('PointObj.SetMass', 'write', [s('Name'), xda('M'), i('ItemType'), b('IsLocalCSys'), b('Replace')]),
  m('PointObj.SetDiaphragm', 'write', [s('Name'), i('DiaphragmOption'), s('DiaphragmName')], ETABS),
  m('PointObj.SetConstraint', 'write', [s('Name'), s('ConstraintName'), i('ItemType'), b('Replace')], SAP),
  m('PointObj.DeleteSpecialPoint', 'delete', [s('Name'), i('ItemType')]),
  names('PointObj'),
  m('ConstraintDef.SetDiaphragm', 'write', [s('Name'), i('Axis'), s('CSys')], SAP),
  m('Diaphragm.SetDiaphragm', 'write', [s('Name'), b('SemiRigid')], ETABS),
  names('Diaphragm'),
  // Frames
  m('FrameObj.AddByPoint', 'write', [s('Point1'), s('Point2'), os('Name'), s('PropName'), s('UserName')]),
  m('FrameObj.GetPoints', 'read', [s('Name'), os('Point1'), os('Point2')]),
  m('FrameObj.SetSection', 'write', [s('Name'), s('PropName')]),
  m('FrameObj.GetSection', 'read', [s('Name'), os('PropName'), os('SAuto')]),
  m('FrameObj.SetReleases', 'write', [s('Name'), xba('II'), xba('JJ'), xda('StartValue'), xda('EndValue')]),
  m('FrameObj.SetLocalAxes', 'write', [s('Name'), d('Ang')]),
  m('FrameObj.SetLoadPoint', 'write', [
    s('Name'),
    s('LoadPat'),
    i('MyType'),
    i('Dir'),
    d('Dist'),
    d('Val'),
    s('CSys'),
    b('RelDist'),
    b('Replace'),
    i('ItemType'),
  ]),
  m('FrameObj.SetLoadDistributed', 'write', [
    s('Name'),
    s('LoadPat'),
    i('MyType'),
    i('Dir'),
    d('Dist1'),
    d('Dist2'),
    d('Val1'),
    d('Val2'),
    s('CSys'),
    b('RelDist'),
    b('Replace'),
    i('ItemType'),
  ]),
  m('FrameObj.DeleteLoadPoint', 'delete', [s('Name'), s('LoadPat'), i('ItemType')]),
  m('FrameObj.DeleteLoadDistributed', 'delete', [s('Name'), s('LoadPat'), i('ItemType')]),
  m('FrameObj.SetOutputStations', 'write', [
    s('Name'),
    i('MyType'),
    d('MaxSegSize'),
    i('MinSections'),
    b('NoOutPutAndDesignAtElementEnds'),
    b('NoOutPutAndDesignAtPointLoads'),
    i('ItemType'),
  ]),
  m('FrameObj.Delete', 'delete', [s('Name'), i('ItemType')]),
  names('FrameObj'),
  // Areas
  m('AreaObj.AddByPoint', 'write', [i('NumberPoints'), xsa('Point'), os('Name'), s('PropName'), s('UserName')]),
  m('AreaObj.GetPoints', 'read', [s('Name'), oi('NumberPoints'), osa('Point')]),
  m('AreaObj.SetLoadUniform', 'write', [
    s('Name'),
    s('LoadPat'),
    d('Value'),
    i('Dir'),
    b('Replace'),
    s('CSys'),
    i('ItemType'),
  ]),
  m('AreaObj.DeleteLoadUniform', 'delete', [s('Name'), s('LoadPat'), i('ItemType')]),
  m('AreaObj.SetDiaphragm', 'write', [s('Name'), s('DiaphragmName')], ETABS),
  m('AreaObj.Delete', 'delete', [s('Name'), i('ItemType')]),
  names('AreaObj'),
  // Load patterns, cases, functions, mass
  m('LoadPatterns.Add', 'write', [s('Name'), i('MyType'), d('SelfWTMultiplier'), b('AddLoadCase')]),
  m('LoadPatterns.Delete', 'delete', [s('Name')]),
  names('LoadPatterns'),
  names('LoadCases'),
  m('LoadCases.Delete', 'delete', [s('Name')]),
  m('LoadCases.ModalEigen.SetCase', 'write', [s('Name')]),
  m('LoadCases.ModalEigen.SetNumberModes', 'write', [s('Name'), i('MaxModes'), i('MinModes')]),
  m('LoadCases.ResponseSpectrum.SetCase', 'write', [s('Name')]),
  m('LoadCases.ResponseSpectrum.SetModalCase', 'write', [s('Name'), s('ModalCase')]),
  m('LoadCases.ResponseSpectrum.SetLoads', 'write', [
    s('Name'),
    i('NumberLoads'),
    xsa('LoadName'),
    xsa('Func'),
    xda('SF'),
    xsa('CSys'),
    xda('Ang'),
  ]),
  m('LoadCases.ResponseSpectrum.SetModalComb_1', 'write', [
    s('Name'),
    i('MyType'),
    d('F1'),
    d('F2'),
    i('PeriodicRigidCombType'),
    d('Td'),
  ]),
  m('LoadCases.ResponseSpectrum.SetDampConstant', 'write', [s('Name'), d('Damp')]),
  m('LoadCases.ResponseSpectrum.SetDirComb', 'write', [s('Name'), i('MyType'), d('SF')]),
  m('Func.FuncRS.SetUser', 'write', [s('Name'), i('NumberItems'), xda('Period'), xda('Value'), d('DampRatio')]),
  m('SourceMass.SetMassSource', 'write', [
    s('Name'),
    b('MassFromElements'),
    b('MassFromMasses'),
    b('MassFromLoads'),
    b('IsDefault'),
    i('NumberLoads'),
    xsa('LoadPat'),
    xda('SF'),
  ]),
  // Combinations
  m('RespCombo.Add', 'write', [s('Name'), i('ComboType')]),
  m('RespCombo.SetCaseList', 'write', [s('Name'), xi('CNameType'), s('CName'), d('SF')]),
  m('RespCombo.GetCaseList', 'read', [s('Name'), oi('NumberItems'), oia('CNameType'), osa('CName'), oda('SF')]),
  m('RespCombo.Delete', 'delete', [s('Name')]),
  names('RespCombo'),
  // Stories (ETABS)
  m(
    'Story.SetStories_2',
    'delete',
    [
      d('BaseElevation'),
      i('NumberStories'),
      xsa('StoryNames'),
      xda('StoryHeights'),
      xba('IsMasterStory'),
      xsa('SimilarToStory'),
      xba('SpliceAbove'),
      xda('SpliceHeight'),
      xia('Color'),
    ],
    ETABS,
  ),
  m(
    'Story.GetStories_2',
    'read',
    [
      od('BaseElevation'),
      oi('NumberStories'),
      osa('StoryNames'),
      oda('StoryElevations'),
      oda('StoryHeights'),
      oba('IsMasterStory'),
      osa('SimilarToStory'),
      oba('SpliceAbove'),
      oda('SpliceHeight'),
      oia('Color'),
    ],
    ETABS,
  ),
  // Database tables (edits applied together by ApplyEditedTables: anything can change)
  m('DatabaseTables.GetAvailableTables', 'read', [
    oi('NumberTables'),
    osa('TableKey'),
    osa('TableName'),
    oia('ImportType'),
  ]),
  m('DatabaseTables.GetTableForDisplayArray', 'read', [
    s('TableKey'),
    xsa('FieldKeyList'),
    s('GroupName'),
    oi('TableVersion'),
    osa('FieldsKeysIncluded'),
    oi('NumberRecords'),
    osa('TableData'),
  ]),
  m('DatabaseTables.SetLoadCasesSelectedForDisplay', 'read', [xsa('LoadCaseList')]),
  m('DatabaseTables.SetLoadCombinationsSelectedForDisplay', 'read', [xsa('LoadCombinationList')]),
  m('DatabaseTables.GetTableForEditingArray', 'read', [
    s('TableKey'),
    s('GroupName'),
    oi('TableVersion'),
    osa('FieldsKeysIncluded'),
    oi('NumberRecords'),
    osa('TableData'),
  ]),
  m('DatabaseTables.SetTableForEditingArray', 'write', [
    s('TableKey'),
    xi('TableVersion'),
    xsa('FieldsKeysIncluded'),
    i('NumberRecords'),
    xsa('TableData'),
  ]),
  m('DatabaseTables.ApplyEditedTables', 'delete', [
    b('FillImportLog'),
    oi('NumFatalErrors'),
    oi('NumErrorMsgs'),
    oi('NumWarnMsgs'),
    oi('NumInfoMsgs'),
    os('ImportLog'),
  ]),
  // Results
  m('Results.Setup.DeselectAllCasesAndCombosForOutput', 'read', []),
  m('Results.Setup.SetCaseSelectedForOutput', 'read', [s('Name')]),
  m('Results.Setup.SetComboSelectedForOutput', 'read', [s('Name')]),
  results('JointDispl', [
    osa('Obj'),
    osa('Elm'),
    osa('LoadCase'),
    osa('StepType'),
    oda('StepNum'),
    ...six(['U1', 'U2', 'U3', 'R1', 'R2', 'R3']),
  ]),
  results('JointReact', [
    osa('Obj'),
    osa('Elm'),
    osa('LoadCase'),
    osa('StepType'),
    oda('StepNum'),
    ...six(['F1', 'F2', 'F3', 'M1', 'M2', 'M3']),
  ]),
  results('FrameForce', [
    osa('Obj'),
    oda('ObjSta'),
    osa('Elm'),
    oda('ElmSta'),
    osa('LoadCase'),
    osa('StepType'),
    oda('StepNum'),
    ...six(['P', 'V2', 'V3', 'T', 'M2', 'M3']),
  ]),
  results(
    'BaseReact',
    [
      osa('LoadCase'),
      osa('StepType'),
      oda('StepNum'),
      ...six(['Fx', 'Fy', 'Fz', 'Mx', 'My', 'Mz']),
      od('gx'),
      od('gy'),
      od('gz'),
    ],
    [],
  ),
  results(
    'ModalPeriod',
    [
      osa('LoadCase'),
      osa('StepType'),
      oda('StepNum'),
      oda('Period'),
      oda('Frequency'),
      oda('CircFreq'),
      oda('EigenValue'),
    ],
    [],
  ),
  results(
    'ModalParticipatingMassRatios',
    [
      osa('LoadCase'),
      osa('StepType'),
      oda('StepNum'),
      oda('Period'),
      ...['Ux', 'Uy', 'Uz', 'SumUx', 'SumUy', 'SumUz', 'Rx', 'Ry', 'Rz', 'SumRx', 'SumRy', 'SumRz'].map((c) => oda(c)),
    ],
    [],
  ),
  {
    ...results(
      'StoryDrifts',
      [
        osa('Story'),
        osa('LoadCase'),
        osa('StepType'),
        oda('StepNum'),
        osa('Direction'),
        oda('Drift'),
        osa('Label'),
        oda('X'),
        oda('Y'),
        oda('Z'),
      ],
      [],
    ),
    programs: ETABS,
  },
  // Design
  m('DesignSteel.SetCode', 'write', [s('CodeName')]),
  m('DesignSteel.SetComboStrength', 'write', [s('Name'), b('Selected')]),
  m('DesignSteel.StartDesign', 'write', []),
  m('DesignSteel.GetSummaryResults', 'read', [
    s('Name'),
    oi('NumberItems'),
    osa('FrameName'),
    oda('Ratio'),
    oia('RatioType'),
    oda('Location'),
    osa('ComboName'),
    osa('ErrorSummary'),
    osa('WarningSummary'),
    i('ItemType'),
  ]),
  m('DesignConcrete.SetCode', 'write', [s('CodeName')]),
  m('DesignConcrete.SetComboStrength', 'write', [s('Name'), b('Selected')]),
  m('DesignConcrete.StartDesign', 'write', []),
  m('DesignConcrete.GetSummaryResultsBeam', 'read', [
    s('Name'),
    oi('NumberItems'),
    osa('FrameName'),
    oda('Location'),
    osa('TopCombo'),
    oda('TopArea'),
    osa('BotCombo'),
    oda('BotArea'),
    osa('VmajorCombo'),
    oda('VmajorArea'),
    osa('TLCombo'),
    oda('TLArea'),
    osa('TTCombo'),
    oda('TTArea'),
    osa('ErrorSummary'),
    osa('WarningSummary'),
    i('ItemType'),
  ]),
  m('DesignConcrete.GetSummaryResultsColumn', 'read', [
    s('Name'),
    oi('NumberItems'),
    osa('FrameName'),
    oia('MyOption'),
    oda('Location'),
    osa('PMMCombo'),
    oda('PMMArea'),
    oda('PMMRatio'),
    osa('VmajorCombo'),
    oda('AVmajor'),
    osa('VminorCombo'),
    oda('AVminor'),
    osa('ErrorSummary'),
    osa('WarningSummary'),
    i('ItemType'),
  ]),
];

const byMethod = new Map(OAPI_METHODS.map((e) => [e.method, e]));

/** The allow-list entry of a method, for the program. */
export function oapiMethod(method: string, program?: 'sap2000' | 'etabs'): OapiMethod | undefined {
  const e = byMethod.get(method);
  return e && (!program || e.programs.includes(program)) ? e : undefined;
}

const TYPE_SCHEMA: Record<OapiType, z.ZodType> = {
  string: z.string().max(4096),
  int: z.int().min(-2_147_483_648).max(2_147_483_647),
  double: z.number(),
  bool: z.boolean(),
  'string[]': z.array(z.string().max(4096)).max(1_000_000),
  'int[]': z.array(z.int().min(-2_147_483_648).max(2_147_483_647)).max(1_000_000),
  'double[]': z.array(z.number()).max(1_000_000),
  'bool[]': z.array(z.boolean()).max(1_000_000),
};

/** The caller's arguments of a method (its `in` and `inout` parameters, in order), typed. */
export function oapiArgsSchema(entry: OapiMethod): z.ZodType<unknown[]> {
  const given = entry.params.filter((q) => q.io !== 'out');
  return z.tuple(
    given.map((q) => TYPE_SCHEMA[q.type].describe(q.name)) as [z.ZodType, ...z.ZodType[]],
  ) as unknown as z.ZodType<unknown[]>;
}
