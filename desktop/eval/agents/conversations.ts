// Three evaluation conversations: an engineer's request, the model file it is about (prepared
// on the stand-in before the conversation), a scripted model that decides each step from the
// tool results it has seen, and the checks of the conversation against figures worked out
// independently of the stand-in (a closed-form shear building, beam statics with AISC 360
// strengths, a statically determinate portal):
//   drift     ETABS: "check the drift of this 5-storey frame under the ASCE 7 spectrum"
//   governing SAP2000: "which beam governs and by how much"
//   combo     SAP2000: "add a load combination and rerun" (and save: a file written over is
//             approved in the desktop client, its previous version backed up)
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ToolName } from '@structural-platform/tool-schema';
import { buildShearBuilding, shearBuildingByHand, type ShearBuilding } from '../../test/helpers/shear-building.ts';
import { call, type History, type Policy, type Transcript } from './harness.ts';

export interface Check {
  what: string;
  got: string | number | boolean | null;
  want: string | number | boolean;
  ok: boolean;
}

export interface EvalConversation {
  id: string;
  title: string;
  agent: string;
  program: 'sap2000' | 'etabs';
  prompt: string;
  /** Writes the engineer's model file into the program's folder. */
  prepare(call: (tool: ToolName, args: unknown) => Promise<unknown>, folder: string): Promise<void>;
  policy: Policy;
  check(t: Transcript, folder: string): Check[];
}

const near = (what: string, got: number | null | undefined, want: number, tolerance = 0.01): Check => ({
  what: `${what} (within ${tolerance * 100} %)`,
  got: got ?? null,
  want: Number(want.toPrecision(6)),
  ok: typeof got === 'number' && Math.abs(got - want) <= tolerance * Math.abs(want),
});
const same = (
  what: string,
  got: string | number | boolean | null | undefined,
  want: string | number | boolean,
): Check => ({ what, got: got ?? null, want, ok: got === want });
/** The number after a label in the model's answer, e.g. number(answer, 'unity ratio'). */
function number(text: string, label: string): number | null {
  const m = new RegExp(`${label}[^0-9-]*(-?[0-9]+(?:\\.[0-9]+)?)`, 'i').exec(text);
  return m ? Number(m[1]) : null;
}
const fixed = (x: number, digits: number) => x.toFixed(digits);

/** The audit log holds every desktop tool call of the conversation, in order, each with its outcome. */
function audited(t: Transcript): Check[] {
  return [
    same(
      'audit log: one entry per tool call, in order',
      t.audit.map((e) => e.tool).join(','),
      t.calls.map((c) => c.tool).join(','),
    ),
    same(
      'audit log: every entry has its conversation',
      t.audit.every((e) => e.conversation === t.conversationId),
      true,
    ),
  ];
}

// ───────────────────────── 1. drift of a 5-storey frame under the ASCE 7 spectrum (ETABS)

const FRAME: ShearBuilding = {
  stories: 5,
  k: 20_000,
  m: 100,
  h: 3.5,
  spectrum: { sds: 1.0, sd1: 0.6, tl: 8, r: 8, ie: 1 },
  cd: 5.5,
};
const DRIFT_LIMIT = 0.02;

const drift: EvalConversation = {
  id: 'drift',
  title: 'Check the drift of this 5-storey frame under the ASCE 7 spectrum',
  agent: 'building-analysis-etabs',
  program: 'etabs',
  prompt:
    'Check the drift of this 5-storey frame (frame-5-storey.json) under the ASCE 7 spectrum: SDS = 1.0 g, SD1 = 0.6 g, TL = 8 s, R = 8, Cd = 5.5, Ie = 1.0, Risk Category II. ' +
    'Storey masses are assigned at the floors.',
  async prepare(run) {
    await buildShearBuilding(run as Parameters<typeof buildShearBuilding>[0], FRAME);
    await run('save_model', { path: 'frame-5-storey.json' });
  },
  policy(h: History) {
    const e = (tool: ToolName, args: unknown) => call('etabs', tool, args);
    const params = /SDS = ([\d.]+) g, SD1 = ([\d.]+) g, TL = ([\d.]+) s, R = ([\d.]+), Cd = ([\d.]+), Ie = ([\d.]+)/
      .exec(h.prompt)!
      .slice(1)
      .map(Number);
    const [sds, sd1, tl, r, cd, ie] = params as [number, number, number, number, number, number];
    if (!h.last('open_model')) return e('open_model', { path: 'frame-5-storey.json' });
    const modal = h.last('define_modal_case');
    const results = h.last('read_modal_results');
    // Enough modes: 90 % of the mass in X (ASCE 7 §12.9.1.1); double them when short.
    const short = results?.result && results.result.modes.at(-1)!.sum_ux < 0.9;
    if (!modal || (short && h.calls.at(-1)!.tool === 'read_modal_results'))
      return e('define_modal_case', { name: 'MODAL', modes: short ? modal!.args.modes * 2 : 12 });
    if (!h.last('define_response_spectrum'))
      return e('define_response_spectrum', {
        name: 'RSX',
        spectrum: { code: 'ASCE7-16', sds, sd1, tl, r, ie },
        direction: 'X',
        combination: 'CQC',
      });
    const lastRun = h.calls.findLastIndex((c) => c.tool === 'run_analysis');
    const lastChange = h.calls.findLastIndex((c) => c.tool.startsWith('define_'));
    if (lastRun < lastChange) return e('run_analysis', {});
    if (!results || h.calls.indexOf(results) < lastRun) return e('read_modal_results', { case: 'MODAL' });
    const drifts = h.last('story_drifts');
    if (!drifts) return e('story_drifts', { case: 'RSX', direction: 'X', amplification: cd / ie, limit: DRIFT_LIMIT });
    const d = drifts.result!;
    const m = results.result!;
    const rows = [...d.stories]
      .reverse()
      .map((s: { story: string; drift: number }) => `| ${s.story} | ${fixed(s.drift, 5)} |`)
      .join('\n');
    return {
      content:
        `Design story drifts under RSX (ASCE 7-16 spectrum SDS ${sds} g, SD1 ${sd1} g, R ${r}, CQC), amplified by Cd/Ie = ${cd / ie}:\n\n| Story | Drift ratio |\n|---|---|\n${rows}\n\n` +
        `Maximum drift ratio ${fixed(d.max!.drift, 5)} at ${d.max!.story}, against the allowable 0.020 (ASCE 7 Table 12.12-1, Risk Category II): ${d.passes ? 'passes' : 'fails'}, ${fixed((100 * d.max!.drift) / DRIFT_LIMIT, 0)} % of the limit.\n` +
        `First mode period T1 ${fixed(m.modes[0]!.period, 3)} s; ${m.modes.length} modes capture ${fixed(100 * m.modes.at(-1)!.sum_ux, 1)} % of the mass in X (≥ 90 %, §12.9.1.1). ` +
        'The spectrum was not scaled to the equivalent lateral force base shear (§12.9.1.4); if it must be, the drifts scale by the same factor only where the ELF period limit allows (§12.9.1.4.2).',
    };
  },
  check(t) {
    const hand = shearBuildingByHand(FRAME);
    const drifts = t.calls.findLast((c) => c.tool === 'story_drifts')?.result;
    const rs = t.calls.findLast((c) => c.tool === 'define_response_spectrum')?.args;
    const modal = t.calls.findLast((c) => c.tool === 'read_modal_results')?.result;
    const worst = Array.from({ length: FRAME.stories }, (_, s) => ({
      story: `S${s + 1}`,
      drift: hand.drift(s, true),
    })).reduce((a, b) => (b.drift > a.drift ? b : a));
    return [
      same(
        'response spectrum from the code (ASCE7-16, R 8, Ie 1, CQC, X)',
        rs &&
          `${rs.spectrum.code} R${rs.spectrum.code === 'ASCE7-16' ? rs.spectrum.r : '-'} Ie${rs.spectrum.code === 'ASCE7-16' ? rs.spectrum.ie : '-'} ${rs.combination} ${rs.direction}`,
        'ASCE7-16 R8 Ie1 CQC X',
      ),
      same('modal mass in X checked to reach 90 %', !!modal && (modal.modes.at(-1)?.sum_ux ?? 0) >= 0.9, true),
      near('T1, s, against the closed form', modal?.modes[0].period, hand.modes[0]!.T, 0.001),
      same(
        'drifts amplified by Cd/Ie and checked against 0.020',
        drifts && `${drifts.amplification} ${drifts.limit}`,
        '5.5 0.02',
      ),
      ...Array.from({ length: FRAME.stories }, (_, s) =>
        near(
          `S${s + 1} design drift ratio, against the closed form`,
          drifts?.stories.find((r: { story: string }) => r.story === `S${s + 1}`)?.drift,
          hand.drift(s, true),
        ),
      ),
      same('governing story', drifts?.max?.story, worst.story),
      near('the answer: maximum drift ratio', number(t.answer, 'Maximum drift ratio'), worst.drift),
      same(
        'the answer: passes (the closed form is within 0.020)',
        /: passes,/.test(t.answer),
        worst.drift <= DRIFT_LIMIT,
      ),
      near('the answer: T1', number(t.answer, 'T1'), hand.modes[0]!.T),
      same('the answer says the spectrum was not scaled to ELF', /not scaled/.test(t.answer), true),
      same('nothing asked of the engineer (nothing deleted or written over)', t.approvals.length, 0),
      ...audited(t),
    ];
  },
};

// ───────────────────────── 2. which beam governs and by how much (SAP2000)

// W-shapes, AISC Manual Table 1-1 (in, in², in⁴, in⁶); A992: Fy 50 ksi, E 29,000 ksi.
const SHAPES = {
  W18X50: {
    d: 18.0,
    bf: 7.5,
    tf: 0.57,
    tw: 0.355,
    A: 14.7,
    Ix: 800,
    Iy: 40.1,
    J: 1.24,
    Cw: 3040,
    Sx: 88.9,
    Sy: 10.7,
    Zx: 101,
    Zy: 16.6,
  },
  W16X31: {
    d: 15.9,
    bf: 5.53,
    tf: 0.44,
    tw: 0.275,
    A: 9.13,
    Ix: 375,
    Iy: 12.4,
    J: 0.461,
    Cw: 739,
    Sx: 47.2,
    Sy: 4.49,
    Zx: 54.0,
    Zy: 7.03,
  },
  W14X22: {
    d: 13.7,
    bf: 5.0,
    tf: 0.335,
    tw: 0.23,
    A: 6.49,
    Ix: 199,
    Iy: 7.0,
    J: 0.208,
    Cw: 314,
    Sx: 29.0,
    Sy: 2.8,
    Zx: 33.2,
    Zy: 4.39,
  },
} as const;
const FY = 50,
  E_STEEL = 29_000;
/** Simply supported floor beams: span ft, dead and live line loads klf (dead includes self-weight). */
const BEAMS = [
  { name: 'B1', shape: 'W18X50', span: 30, wd: 0.6, wl: 0.8, x0: 0 },
  { name: 'B2', shape: 'W16X31', span: 24, wd: 0.5, wl: 0.75, x0: 480 },
  { name: 'B3', shape: 'W14X22', span: 20, wd: 0.4, wl: 0.6, x0: 840 },
] as const;

/**
 * By hand: wu = max(1.4 wD, 1.2 wD + 1.6 wL) (ASCE 7-16 §2.3.1); Mu = wu L²/8, Vu = wu L/2.
 * Continuously braced compact W-shapes (bf/2tf ≤ 0.38√(E/Fy) = 9.15): φMn = 0.9 Fy Zx (F2.1).
 * Shear: φVn = φv 0.6 Fy d tw Cv1 with φv = 1.0, Cv1 = 1.0 for these rolled webs (G2.1(a)).
 */
function beamByHand(b: (typeof BEAMS)[number]) {
  const s = SHAPES[b.shape];
  const wu = Math.max(1.4 * b.wd, 1.2 * b.wd + 1.6 * b.wl);
  const Mu = (wu * b.span ** 2) / 8; // kip-ft
  const phiMn = (0.9 * FY * s.Zx) / 12; // kip-ft
  const Vu = (wu * b.span) / 2;
  const phiVn = 0.6 * FY * s.d * s.tw;
  return { Mu, phiMn, ratio: Math.max(Mu / phiMn, Vu / phiVn), flexure: Mu / phiMn };
}

const governing: EvalConversation = {
  id: 'governing',
  title: 'Which beam governs and by how much',
  agent: 'frame-analysis-sap2000',
  program: 'sap2000',
  prompt:
    'In floor-beams.json, which of the floor beams B1, B2 and B3 governs, and by how much? They are A992 W-shapes, simply supported, their top flanges braced continuously by the deck. ' +
    'D is dead (self-weight included) and L is live; use the ASCE 7 LRFD combinations.',
  async prepare(run) {
    await run('new_model', { units: 'kip_in_F', dimension: '2d' });
    await run('define_material', { name: 'A992', e: E_STEEL, kind: 'steel', fy: FY, fu: 65 });
    for (const [name, s] of Object.entries(SHAPES)) {
      await run('define_section', {
        name,
        material: 'A992',
        section: {
          shape: 'i_section',
          depth: s.d,
          flange_width: s.bf,
          flange_thickness: s.tf,
          web_thickness: s.tw,
          catalogue: { area: s.A, i33: s.Ix, i22: s.Iy, j: s.J, cw: s.Cw, s33: s.Sx, s22: s.Sy, z33: s.Zx, z22: s.Zy },
        },
      });
    }
    await run('define_frames', {
      frames: BEAMS.map((b) => ({
        name: b.name,
        start: [b.x0, 0, 0],
        end: [b.x0 + b.span * 12, 0, 0],
        section: b.shape,
      })),
    });
    await run('assign_supports', { joints: BEAMS.map((b) => [b.x0, 0, 0]), restraint: 'pinned' });
    await run('assign_supports', { joints: BEAMS.map((b) => [b.x0 + b.span * 12, 0, 0]), restraint: 'roller_z' });
    for (const [pattern, key] of [
      ['D', 'wd'],
      ['L', 'wl'],
    ] as const) {
      await run('assign_loads', {
        pattern,
        loads: BEAMS.map((b) => ({
          type: 'frame_distributed',
          frame: b.name,
          direction: 'gravity',
          value: b[key] / 12,
        })),
      });
    }
    await run('save_model', { path: 'floor-beams.json' });
  },
  policy(h) {
    const s = (tool: ToolName, args: unknown) => call('sap2000', tool, args);
    const beams = [...h.prompt.matchAll(/\bB\d+\b/g)].map((m) => m[0]).filter((b, i, all) => all.indexOf(b) === i);
    if (!h.last('open_model')) return s('open_model', { path: 'floor-beams.json' });
    if (!h.last('define_load_combinations'))
      return s('define_load_combinations', { generate: { code: 'ASCE7-16 LRFD', dead: ['D'], live: ['L'] } });
    if (!h.last('run_analysis')) return s('run_analysis', {});
    const design = h.last('design_steel');
    // Continuously braced: no lateral-torsional buckling (Lb = 0); the engineer said so.
    if (!design)
      return s('design_steel', { frames: beams, overrides: beams.map((frame) => ({ frame, unbraced_ltb: 0 })) });
    const rows = [...design.result!.frames].sort((a, b) => (b.ratio ?? 0) - (a.ratio ?? 0)) as {
      frame: string;
      section: string;
      ratio: number;
      clause: string;
      combination: string;
      major: { clause: string; demand: number; capacity: number };
    }[];
    const [first, second] = rows as [(typeof rows)[number], (typeof rows)[number]];
    return {
      content:
        `${first.frame} (${first.section}) governs: unity ratio ${fixed(first.ratio, 3)} (AISC 360-16 ${first.clause} with no axial force, so Mu/φMn: ${fixed(first.major.demand / 12, 1)} / ${fixed(first.major.capacity / 12, 1)} kip-ft, φMn by ${first.major.clause}; combination ${first.combination}), a margin of ${fixed(100 * (1 - first.ratio), 1)} % of its strength. ` +
        `It is ${fixed(first.ratio - second.ratio, 3)} above the next, ${second.frame} (${second.section}) at ${fixed(second.ratio, 3)}.\n\n` +
        `| Beam | Section | Ratio | Clause | Mu, kip-ft | φMn, kip-ft |\n|---|---|---|---|---|---|\n${rows.map((r) => `| ${r.frame} | ${r.section} | ${fixed(r.ratio, 3)} | ${r.clause} | ${fixed(r.major.demand / 12, 1)} | ${fixed(r.major.capacity / 12, 1)} |`).join('\n')}\n\n` +
        'All three were checked continuously braced (Lb = 0) as you said, so their flexural strength is the plastic moment (F2.1); shear is far from governing.',
    };
  },
  check(t) {
    const hand = BEAMS.map((b) => ({ name: b.name, ...beamByHand(b) })).sort((a, b) => b.ratio - a.ratio);
    const design = t.calls.findLast((c) => c.tool === 'design_steel');
    const combos = t.calls.findLast((c) => c.tool === 'define_load_combinations')?.result;
    const byName = (name: string) => design?.result?.frames.find((f) => f.frame === name);
    return [
      same(
        'combinations generated from ASCE 7-16 LRFD',
        combos?.combinations.map((c: { name: string }) => c.name).join(','),
        'LRFD1,LRFD2',
      ),
      same(
        'design with Lb = 0 for every beam (continuously braced)',
        design?.args.overrides?.every((o) => o.unbraced_ltb === 0) && design.args.overrides.length === BEAMS.length,
        true,
      ),
      ...hand.map((b) =>
        near(
          `${b.name} unity ratio, against Mu/φMp by hand`,
          design?.result?.frames.find((f) => f.frame === b.name)?.ratio,
          b.ratio,
        ),
      ),
      same('governing beam', design?.result?.governing?.frame, hand[0]!.name),
      same('governing clause: combined (H1-1b) with no axial force', design?.result?.governing?.clause, 'H1-1b'),
      same(
        'its flexural strength by yielding (F2.1), Lb = 0',
        design?.result?.frames.find((f) => f.frame === hand[0]!.name)?.major?.clause,
        'F2.1',
      ),
      near('governing Mu, kip-ft, by hand', (byName(hand[0]!.name)?.major?.demand ?? NaN) / 12, hand[0]!.Mu),
      near(
        'governing φMn, kip-ft, by hand (0.9 Fy Zx)',
        (byName(hand[0]!.name)?.major?.capacity ?? NaN) / 12,
        hand[0]!.phiMn,
      ),
      same('the answer names the governing beam first', /^(B\d+)/.exec(t.answer)?.[1] ?? null, hand[0]!.name),
      near('the answer: its unity ratio', number(t.answer, 'unity ratio'), hand[0]!.ratio),
      near('the answer: by how much above the next', number(t.answer, 'It is'), hand[0]!.ratio - hand[1]!.ratio, 0.02),
      near('the answer: margin, %', number(t.answer, 'a margin of'), 100 * (1 - hand[0]!.ratio)),
      same('nothing asked of the engineer (nothing deleted or written over)', t.approvals.length, 0),
      ...audited(t),
    ];
  },
};

// ───────────────────────── 3. add a load combination and rerun (SAP2000)

/** A portal on a pin (left) and a roller (right), statically determinate: its reactions follow from statics alone. */
const PORTAL = { span: 8, height: 4, wd: 10, wl: 5, w: 20 };
const combo: EvalConversation = {
  id: 'combo',
  title: 'Add a load combination and rerun',
  agent: 'frame-analysis-sap2000',
  program: 'sap2000',
  prompt:
    'Add a load combination WIND1 = 1.2D + 1.0W + 1.0L to portal.json, rerun it, and give me the support reactions under WIND1. Then save the model.',
  async prepare(run) {
    const { span: L, height: H } = PORTAL;
    await run('new_model', { units: 'kN_m_C', dimension: '2d' });
    await run('define_material', { name: 'S355', e: 2.1e8, kind: 'steel', fy: 355_000, fu: 510_000 });
    await run('define_section', {
      name: 'HEA300',
      material: 'S355',
      section: { shape: 'i_section', depth: 0.29, flange_width: 0.3, flange_thickness: 0.014, web_thickness: 0.0085 },
    });
    await run('define_frames', {
      frames: [
        { name: 'C1', start: [0, 0, 0], end: [0, 0, H], section: 'HEA300' },
        { name: 'BM', start: [0, 0, H], end: [L, 0, H], section: 'HEA300' },
        { name: 'C2', start: [L, 0, 0], end: [L, 0, H], section: 'HEA300' },
      ],
    });
    await run('assign_supports', { joints: [[0, 0, 0]], restraint: 'pinned' });
    await run('assign_supports', { joints: [[L, 0, 0]], restraint: 'roller_z' });
    await run('assign_loads', {
      pattern: 'D',
      loads: [{ type: 'frame_distributed', frame: 'BM', direction: 'gravity', value: PORTAL.wd }],
    });
    await run('assign_loads', {
      pattern: 'L',
      loads: [{ type: 'frame_distributed', frame: 'BM', direction: 'gravity', value: PORTAL.wl }],
    });
    await run('assign_loads', { pattern: 'W', loads: [{ type: 'joint', joint: [0, 0, H], force: [PORTAL.w, 0, 0] }] });
    await run('define_load_combinations', {
      combinations: [
        {
          name: 'GRAV',
          items: [
            { case: 'D', factor: 1.2 },
            { case: 'L', factor: 1.6 },
          ],
          design: 'strength',
        },
      ],
    });
    await run('save_model', { path: 'portal.json' });
  },
  policy(h) {
    const s = (tool: ToolName, args: unknown) => call('sap2000', tool, args);
    const [, name, body] = /combination (\w+) = ([^ ]+(?: \+ [^ ]+)*) to/.exec(h.prompt)!;
    const items = body!
      .split(' + ')
      .map((t) => /^([\d.]+)([A-Za-z_]\w*)$/.exec(t)!)
      .map((m) => ({ case: m[2]!, factor: Number(m[1]) }));
    if (!h.last('open_model')) return s('open_model', { path: 'portal.json' });
    if (!h.last('define_load_combinations'))
      return s('define_load_combinations', { combinations: [{ name, items, design: 'strength' }] });
    if (!h.last('run_analysis')) return s('run_analysis', {});
    const reactions = h.last('read_results');
    if (!reactions) return s('read_results', { case: name, kind: 'reactions' });
    if (!h.last('save_model')) return s('save_model', {});
    const saved = h.last('save_model')!;
    const answered = reactions.result!;
    if (answered.kind !== 'reactions') throw new Error(`read_results answered ${answered.kind}, not reactions`);
    const rows = answered.joints
      .map((j) => `| ${j.joint} | ${fixed(j.values[0]!, 2)} | ${fixed(j.values[2]!, 2)} |`)
      .join('\n');
    const sum = (i: number) => answered.joints.reduce((t, j) => t + j.values[i]!, 0);
    return {
      content:
        `Added ${name} = ${items.map((i) => `${i.factor}${i.case}`).join(' + ')} and reran. Support reactions under ${name} (kN):\n\n| Joint | FX | FZ |\n|---|---|---|\n${rows}\n\n` +
        `Sum FX ${fixed(sum(0), 2)} kN, sum FZ ${fixed(sum(2), 2)} kN. ` +
        (saved.error
          ? `The model was not saved: ${saved.error.message}`
          : `Saved to ${saved.result!.path} (the previous file is kept as a backup).`),
    };
  },
  check(t, folder) {
    const { span: L, height: H, wd, wl, w } = PORTAL;
    // Statics: the pin takes the whole horizontal load; moments about the pin give the roller.
    const vertical = (1.2 * wd + 1.0 * wl) * L;
    const roller = (vertical * (L / 2) + 1.0 * w * H) / L;
    const pin = { fx: -w, fz: vertical - roller };
    const answered = t.calls.findLast((c) => c.tool === 'read_results')?.result;
    const reactions = answered?.kind === 'reactions' ? answered : undefined;
    const file = join(folder, 'portal.json');
    const saved = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
    // The support joints by their place, from the model file.
    const byX = (x: number) => {
      const joint = saved?.joints.find((j: { xyz: number[] }) => j.xyz[0] === x && j.xyz[2] === 0)?.name;
      return reactions?.joints.find((j: { joint: string }) => j.joint === joint);
    };
    // (Opening portal.json asks too when another model is open: it would be closed.)
    const approval = t.approvals.find((r) => r.tool === 'save_model');
    const entry = t.audit.find((e) => e.tool === 'save_model');
    const combination = t.calls.findLast((c) => c.tool === 'define_load_combinations')?.args.combinations[0];
    return [
      same(
        'the combination as asked',
        combination && combination.items.map((i: { case: string; factor: number }) => `${i.factor}${i.case}`).join('+'),
        '1.2D+1W+1L',
      ),
      same(
        'rerun after adding it',
        t.calls.findIndex((c) => c.tool === 'run_analysis') >
          t.calls.findIndex((c) => c.tool === 'define_load_combinations'),
        true,
      ),
      near('pin FX, kN, by statics', byX(0)?.values[0], pin.fx),
      near('pin FZ, kN, by statics', byX(0)?.values[2], pin.fz),
      near('roller FZ, kN, by statics', byX(L)?.values[2], roller),
      near('the answer: sum FX', number(t.answer, 'Sum FX'), -w),
      near('the answer: sum FZ', number(t.answer, 'sum FZ'), vertical),
      same(
        'saving over portal.json was approved in the desktop client',
        approval ? `${approval.tool} ${approval.changes.destructive}` : null,
        'save_model true',
      ),
      same(
        'the change preview said the file is written over',
        !!approval?.changes.modifies.some((m) => m.includes('written over')),
        true,
      ),
      same('the audit log records the approval', entry?.approval, 'approved'),
      same('the file on disk has the new combination', !!saved?.combinations?.WIND1, true),
      same(
        'the previous version is backed up beside it',
        existsSync(join(folder, '.backups', 'portal.json', 'manifest.json')),
        true,
      ),
      ...audited(t),
    ];
  },
};

export const CONVERSATIONS: readonly EvalConversation[] = [drift, governing, combo];
