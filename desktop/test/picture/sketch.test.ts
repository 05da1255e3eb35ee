// The picture's model is the conversation's tool calls replayed in order: templates expand,
// failed calls are skipped, new_model starts again, results read after the last change are kept
// and a change makes them stale, a program file opened is said, not guessed.
import { describe, expect, it } from 'vitest';
import { SketchCache, sketchOf, type StoredMessage } from '../../src/picture/sketch.ts';

let n = 0;
function step(tool: string, args: unknown, result: unknown): StoredMessage[] {
  const id = `c${n++}`;
  return [
    {
      role: 'ASSISTANT',
      content: null,
      toolCalls: [{ id, function: { name: `sap2000_${tool}`, arguments: JSON.stringify(args) } }],
    },
    { role: 'TOOL', content: JSON.stringify(result), toolCallId: id },
  ];
}
const portal = step(
  'new_model',
  {
    units: 'kN_m_C',
    dimension: '2d',
    template: { kind: 'portal_frame', stories: 1, story_height: 4, bays: 1, bay_width: 6 },
    default_section: 'S',
  },
  { joints: 4, frames: 3 },
);
const wind = step(
  'assign_loads',
  {
    pattern: 'WIND',
    loads: [
      { type: 'joint', joint: [0, 0, 4], force: [10, 0, 0] },
      { type: 'frame_distributed', frame: '2', direction: 'gravity', value: 5 },
    ],
  },
  { pattern: 'WIND', load_count: 2 },
);
const displ = step(
  'read_results',
  { case: 'WIND', kind: 'displacements' },
  { kind: 'displacements', case: 'WIND', joints: [{ joint: '2', values: [0.002, 0, 0, 0, 0, 0] }] },
);

describe('sketchOf', () => {
  it('replays a template, its loads and the displacements read', async () => {
    const s = (await sketchOf([...portal, ...wind, ...displ]))!;
    expect(s.names).toHaveLength(4);
    expect(s.frames).toHaveLength(6);
    expect(s.supports.map((x) => x.restraint.every(Boolean))).toEqual([true, true]);
    expect(s.loads.pattern).toBe('WIND');
    expect(s.loads.joints).toEqual([{ joint: s.names.indexOf('2'), force: [10, 0, 0], moment: [0, 0, 0] }]);
    expect(s.loads.members[0]).toMatchObject({ direction: 'gravity', value: 5, from: 0, to: 1, point: false });
    expect(s.results!.displacements).toEqual([[s.names.indexOf('2'), [0.002, 0, 0, 0, 0, 0]]]);
  });

  it('skips failed calls, drops results a later change made stale, and says when a file was opened', async () => {
    const failed = step(
      'define_frames',
      { frames: [{ start: [0, 0, 0], end: [9, 0, 0], section: 'S' }] },
      { error: { code: 'NOT_FOUND', message: 'no' } },
    );
    const more = step(
      'define_frames',
      { frames: [{ start: [6, 0, 4], end: [12, 0, 4], section: 'S' }] },
      { frames: [] },
    );
    const s = (await sketchOf([...portal, ...displ, ...failed, ...more]))!;
    expect(s.frames.length / 2).toBe(4);
    expect(s.results).toBeNull();
    const opened = step('open_model', { path: 'C:\\m\\bridge.sdb' }, { joints: 100, frames: 90 });
    expect(await sketchOf([...portal, ...opened])).toBeNull();
    expect((await sketchOf([...opened, ...portal]))!.note).toContain('opened from a file');
  });
});

describe('SketchCache', () => {
  it('continues a conversation replay with only the new calls, and starts again when the history is another', async () => {
    const cache = new SketchCache();
    const ids = (ms: StoredMessage[]) => ms.map((m, k) => ({ ...m, id: `m${k}` }));
    const first = ids([...portal]);
    expect((await cache.sketch('a', first))!.frames.length / 2).toBe(3);
    const grown = ids([
      ...portal,
      ...step('define_frames', { frames: [{ start: [6, 0, 4], end: [12, 0, 4], section: 'S' }] }, { frames: [] }),
    ]);
    expect((await cache.sketch('a', grown))!.frames.length / 2).toBe(4);
    // Another window of the history (its first message differs): replayed from nothing.
    const other = [...grown.slice(2)].map((m, k) => ({ ...m, id: `x${k}` }));
    expect(await cache.sketch('a', other)).toBeNull();
  });
});
