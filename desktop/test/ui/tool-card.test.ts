// The tool cards in words for the tools of issue 35: what the engineer reads of a step (the
// governing member and its ratio, the largest drift against its limit, the modes' mass), and the
// tables a card opens to, from results the stand-in answered.
import { describe as suite, expect, it } from 'vitest';
// @ts-expect-error: the UI's modules are plain browser JavaScript without types
import { describe, tables } from '../../src/ui/web/components/tool-card.js';
// @ts-expect-error: as above
import { toolError } from '../../src/ui/web/lib/words.js';
import { standin } from '../adapters/standin/helpers.ts';

suite('tool cards for the analysis, results and design tools', () => {
  it('says what each step did, with the figures an engineer looks for first', async () => {
    const s = standin('etabs');
    const model = {
      units: 'kN_m_C',
      dimension: '3d',
      template: {
        kind: 'building',
        stories: 2,
        story_height: 3.5,
        bays_x: 1,
        bay_width_x: 6,
        bays_y: 1,
        bay_width_y: 6,
      },
      default_section: 'C',
      beam_section: 'C',
    };
    await s.call('new_model', model);
    await s.call('define_material', { name: 'S', e: 2e8, unit_weight: 78.5, kind: 'steel', fy: 355_000, fu: 510_000 });
    const section = {
      name: 'C',
      material: 'S',
      section: { shape: 'i_section', depth: 0.3, flange_width: 0.3, flange_thickness: 0.019, web_thickness: 0.011 },
    };
    await s.call('define_section', section);
    expect(describe('etabs_define_section', section, undefined, 'kN_m_C')).toBe(
      'Defined section C (I-shape 0.3 × 0.3 m, S)',
    );
    await s.call('assign_loads', {
      pattern: 'D',
      loads: [{ type: 'joint', joint: { grid_x: 'A', grid_y: '1', story: 'L2' }, force: [0, 0, -50] }],
    });
    await s.call('assign_loads', {
      pattern: 'L',
      loads: [{ type: 'joint', joint: { grid_x: 'B', grid_y: '2', story: 'L2' }, force: [20, 0, -30] }],
    });
    const generate = { generate: { code: 'ASCE7-16 LRFD', dead: ['D'], live: ['L'] } };
    const combos = await s.call('define_load_combinations', generate);
    expect(describe('etabs_define_load_combinations', generate, combos)).toBe(
      'Generated ASCE7-16 LRFD combinations: LRFD1, LRFD2',
    );
    await s.call('define_mass_source', { elements: true, joint_masses: false });
    await s.call('define_modal_case', { name: 'MODAL', modes: 6 });
    await s.call('run_analysis', {});

    const modes = await s.call('read_modal_results', { case: 'MODAL' });
    const m = modes.modes;
    expect(describe('etabs_read_modal_results', { case: 'MODAL' }, modes)).toMatch(
      new RegExp(`^Read ${m.length} modes of MODAL \\(T1 = [0-9.]+ s; ΣUX [0-9.]+ %, ΣUY [0-9.]+ %\\)$`),
    );
    const [modeTable] = tables('etabs_read_modal_results', { case: 'MODAL' }, modes, 'kN_m_C', '3d');
    expect(modeTable!.rows).toHaveLength(m.length);
    expect(modeTable!.rows[0]![1]).toBe(m[0].period);

    const driftArgs = { case: 'LRFD2', direction: 'both', amplification: 5.5, limit: 1e-9 };
    const drifts = await s.call('story_drifts', driftArgs);
    expect(describe('etabs_story_drifts', driftArgs, drifts)).toBe(
      `Read story drifts for LRFD2: largest ${Number(drifts.max.drift.toPrecision(4))} at ${drifts.max.story} (${drifts.max.direction}), over the limit`,
    );
    expect(tables('etabs_story_drifts', driftArgs, drifts, 'kN_m_C', '3d')[0]!.title).toBe(
      'Story drifts, LRFD2 (× 5.5, limit 1.000 × 10^-9)',
    );

    const design = await s.call('design_steel', {});
    const g = design.governing;
    expect(describe('etabs_design_steel', {}, design)).toBe(
      `Checked steel frames to ${design.code}: ${g.frame} governs, ratio ${Number(g.ratio.toPrecision(4))} (${g.clause}, ${g.combination})`,
    );
    expect(tables('etabs_design_steel', {}, design, 'kN_m_C', '3d')[0]!.rows).toHaveLength(design.frames.length);

    const page = await s.call('read_table', { table: 'Joint Displacements', cases: ['D'], limit: 5 });
    expect(describe('etabs_read_table', { table: 'Joint Displacements' }, page)).toBe(
      `Read Joint Displacements (5 rows of ${page.total_rows})`,
    );
    expect(tables('etabs_read_table', {}, page, 'kN_m_C', '3d')[0]!.headers).toEqual(page.fields);

    expect(
      describe(
        'etabs_delete_objects',
        { frames: ['B1', 'B2'] },
        { deleted: { frames: ['B1', 'B2'], joints: [], areas: [], patterns: ['W'], combinations: [] } },
      ),
    ).toBe('Deleted frames B1, B2, load pattern W');
    expect(describe('etabs_delete_objects', { frames: ['9', '10'] })).toBe('Delete frames 9, 10'); // asked, or declined
    expect(
      describe(
        'etabs_call_api',
        { method: 'SapModel.GetModelFilename' },
        { method: 'SapModel.GetModelFilename', returned: 'x.edb', outputs: {} },
      ),
    ).toBe('Called SapModel.GetModelFilename (returned "x.edb")');
  });

  it("says a declined step was the engineer's choice, not a failure of the program", () => {
    expect(toolError('DECLINED')).toBe('Not run: you declined this change, and the model was left as it was');
  });
});
