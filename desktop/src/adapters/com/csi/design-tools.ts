// Design over OAPI, with the program's own design engine:
// - steel: DesignSteel.SetCode("AISC 360-16"), the strength combinations (SetComboStrength:
//   those named, or those already selected), StartDesign, GetSummaryResults (ratio, ratio type,
//   location, combination, error and warning summaries per frame). The OAPI answers the
//   governing ratio's type, not its equation: ratio type 1 (PMM) is reported as "H1-1 (PMM)",
//   2 and 3 as the shear clauses G2.1 / G6, 4 and 5 as beam-column capacity ratios.
// - concrete: DesignConcrete.SetCode("ACI 318-19"), StartDesign, GetSummaryResultsBeam (top,
//   bottom and shear reinforcement per station) and GetSummaryResultsColumn (required PMM area;
//   the ratio over the section's area from PropFrame.GetRectangle). The programs use the
//   reinforcement data of the sections (their defaults unless set in the program).
import type { ToolArgs, ToolResult } from '@structural-platform/tool-schema';
import { ToolFailure } from '../../adapter.ts';
import { ITEM_GROUP, numbers, strings, type CsiSession } from './context.ts';

const RATIO_CLAUSE: Record<number, string> = {
  1: 'H1-1 (PMM)',
  2: 'G2.1 (major shear)',
  3: 'G6 (minor shear)',
  4: 'major beam-column capacity ratio',
  5: 'minor beam-column capacity ratio',
  6: 'other',
};

async function selectCombinations(
  csi: CsiSession,
  prefix: 'DesignSteel' | 'DesignConcrete',
  names: string[] | undefined,
): Promise<string[]> {
  if (!names) return [];
  const all = await csi.names('RespCombo');
  for (const n of names)
    if (!all.includes(n)) throw new ToolFailure('NOT_FOUND', `combination ${n} does not exist`, { combination: n });
  for (const n of all) await csi.ok(`SapModel.${prefix}.SetComboStrength`, [n, names.includes(n)]);
  return names;
}

export async function designSteel(csi: CsiSession, a: ToolArgs<'design_steel'>): Promise<ToolResult<'design_steel'>> {
  await csi.need();
  csi.needAnalysis();
  if (a.overrides.length)
    throw new ToolFailure(
      'INVALID_ARGUMENTS',
      `overrides: set effective lengths and Cb in ${csi.label}'s design overwrites (DesignSteel.SetOverwrite is not on the allow-list yet)`,
    );
  await csi.ok('SapModel.DesignSteel.SetCode', ['AISC 360-16']);
  const combos = await selectCombinations(csi, 'DesignSteel', a.combinations);
  await csi.ok('SapModel.DesignSteel.StartDesign', [], 600_000);
  const out = await csi.ok('SapModel.DesignSteel.GetSummaryResults', ['All', ITEM_GROUP], 600_000);
  const n = Number(out.NumberItems) || 0;
  const [frame, ratio, type, loc, combo, err, warn] = [
    strings(out.FrameName),
    numbers(out.Ratio),
    numbers(out.RatioType),
    numbers(out.Location),
    strings(out.ComboName),
    strings(out.ErrorSummary),
    strings(out.WarningSummary),
  ];
  const wanted = a.frames ? new Set(a.frames) : null;
  const rows: ToolResult<'design_steel'>['frames'] = [];
  for (let k = 0; k < n; k++) {
    if (wanted && !wanted.has(frame[k]!)) continue;
    const section = String((await csi.ok('SapModel.FrameObj.GetSection', [frame[k]])).PropName ?? '');
    const message = [err[k], warn[k]].filter(Boolean).join('; ') || null;
    rows.push({
      frame: frame[k]!,
      section,
      status: err[k] ? 'not_checked' : ratio[k]! <= 1 ? 'ok' : 'overstressed',
      ratio: ratio[k]!,
      clause: RATIO_CLAUSE[type[k]!] ?? `ratio type ${type[k]}`,
      combination: combo[k] || null,
      station: loc[k] ?? null,
      axial: null,
      major: null,
      minor: null,
      shear_major: null,
      shear_minor: null,
      message,
    });
  }
  const top = rows
    .filter((r) => r.ratio !== null)
    .reduce<(typeof rows)[number] | null>((b, r) => (!b || r.ratio! > b.ratio! ? r : b), null);
  return {
    code: 'AISC360-16',
    combinations: combos,
    frames: rows,
    governing: top && { frame: top.frame, ratio: top.ratio!, clause: top.clause!, combination: top.combination ?? '' },
  };
}

export async function designConcrete(
  csi: CsiSession,
  a: ToolArgs<'design_concrete'>,
): Promise<ToolResult<'design_concrete'>> {
  await csi.need();
  csi.needAnalysis();
  if (a.cover !== undefined)
    throw new ToolFailure(
      'INVALID_ARGUMENTS',
      `cover: ${csi.label} takes the cover from the sections' reinforcement data`,
    );
  await csi.ok('SapModel.DesignConcrete.SetCode', ['ACI 318-19']);
  const combos = await selectCombinations(csi, 'DesignConcrete', a.combinations);
  await csi.ok('SapModel.DesignConcrete.StartDesign', [], 600_000);
  const wanted = a.frames ? new Set(a.frames) : null;
  const beam = await csi.ok('SapModel.DesignConcrete.GetSummaryResultsBeam', ['All', ITEM_GROUP], 600_000);
  const bn = Number(beam.NumberItems) || 0;
  const B = (name: string) => beam[name] as unknown[] | undefined;
  const beams: ToolResult<'design_concrete'>['beams'] = [];
  for (let k = 0; k < bn; k++) {
    const frame = String(B('FrameName')?.[k]);
    if (wanted && !wanted.has(frame)) continue;
    const s = (name: string) => String(B(name)?.[k] ?? '') || null;
    const message = [s('ErrorSummary'), s('WarningSummary')].filter(Boolean).join('; ') || null;
    beams.push({
      frame,
      station: Number(B('Location')?.[k]),
      top_area: Number(B('TopArea')?.[k]),
      top_combination: s('TopCombo'),
      bottom_area: Number(B('BotArea')?.[k]),
      bottom_combination: s('BotCombo'),
      shear_area_per_length: Number(B('VmajorArea')?.[k]),
      shear_combination: s('VmajorCombo'),
      message,
    });
  }
  const column = await csi.ok('SapModel.DesignConcrete.GetSummaryResultsColumn', ['All', ITEM_GROUP], 600_000);
  const cn = Number(column.NumberItems) || 0;
  const C = (name: string) => column[name] as unknown[] | undefined;
  const best = new Map<string, ToolResult<'design_concrete'>['columns'][number]>();
  for (let k = 0; k < cn; k++) {
    const frame = String(C('FrameName')?.[k]);
    if (wanted && !wanted.has(frame)) continue;
    const area = Number(C('PMMArea')?.[k]);
    if ((best.get(frame)?.required_area ?? -1) >= area) continue;
    const section = String((await csi.ok('SapModel.FrameObj.GetSection', [frame])).PropName ?? '');
    const rect = await csi.call('SapModel.PropFrame.GetRectangle', [section]);
    const ag = rect.value === 0 ? Number(rect.outputs.T3) * Number(rect.outputs.T2) : NaN;
    const message = [C('ErrorSummary')?.[k], C('WarningSummary')?.[k]].filter(Boolean).join('; ') || null;
    best.set(frame, {
      frame,
      required_area: area,
      ratio: Number.isFinite(ag) && ag > 0 ? area / ag : 0,
      combination: String(C('PMMCombo')?.[k] ?? '') || null,
      station: Number(C('Location')?.[k]),
      message,
    });
  }
  return { code: 'ACI318-19', combinations: combos, beams, columns: [...best.values()] };
}
