// LABEL AT THE HEAD (leaders.ts): an arrow whose tip stands on a lettered bubble's rim, pointing in,
// points at a label, the reverse of a leader (head at the thing named, note at the tail). Drawn as on
// the lightning-protection plan de-blitzschutz: a down conductor's dot, an arrow from it to the
// conductor's number in a small circle (A5, lettered as SHX strokes on a page with a text layer), and
// an unrelated note (EFP) near the dot that the arrow's tail would otherwise take for its note.
import { expect, it } from 'vitest';
import type { PathGeom, Point } from '../../../../../core/geometry/types.ts';
import { circle, filler, line, path, text } from '../build-paths.ts';
import { analyzePage } from '../../../../../subgraphs/drawings/detect/analyze.ts';

/** A filled head with its tip at `tip`, pointing along the unit vector `u`, 6 pt long. */
function head(tip: Point, u: Point): PathGeom {
  const base: Point = [tip[0] - 6 * u[0], tip[1] - 6 * u[1]];
  const n: Point = [-u[1] * 1.8, u[0] * 1.8];
  return path([['M', tip], ['L', [base[0] + n[0], base[1] + n[1]]], ['L', [base[0] - n[0], base[1] - n[1]]], ['Z']], {
    fill: true,
    stroke: false,
  });
}

/** "A5" in 5 pt stroked lettering centred on c: an A (three strokes) and a 5 (four). */
function strokedA5(c: Point): PathGeom[] {
  const [x, y] = [c[0] - 3.5, c[1] + 2.5];
  return [
    line([x, y], [x + 1.5, y - 5]),
    line([x + 1.5, y - 5], [x + 3, y]),
    line([x + 0.7, y - 2], [x + 2.3, y - 2]),
    line([x + 7, y - 5], [x + 4, y - 5]),
    line([x + 4, y - 5], [x + 4, y - 2.5]),
    line([x + 4, y - 2.5], [x + 7, y - 1.5]),
    line([x + 7, y - 1.5], [x + 4, y]),
  ];
}

/** A circle about c drawn as n chords, each its own path (as Tekla writes a hole's inner wall or a centre dot). */
function polygon(c: Point, r: number, n: number): PathGeom[] {
  const at = (i: number): Point => [
    c[0] + r * Math.cos((2 * Math.PI * i) / n),
    c[1] + r * Math.sin((2 * Math.PI * i) / n),
  ];
  return Array.from({ length: n }, (_, i) => line(at(i), at(i + 1)));
}

const R = 6;
const u: Point = [Math.SQRT1_2, -Math.SQRT1_2];
/** The dot at (200, 300); the bubble 36 pt up and to the right, the arrow's tip on its rim. */
function conductor(bubbleLettering: 'stroked' | 'text' | 'none' | 'ring and dot') {
  const centre: Point = [200 + 36 * u[0] + R * u[0], 300 + 36 * u[1] + R * u[1]];
  const tip: Point = [200 + 36 * u[0], 300 + 36 * u[1]];
  const base: Point = [tip[0] - 6 * u[0], tip[1] - 6 * u[1]];
  const paths = [
    // The dot as the plan draws it: a small circle stroked with a wide pen (a filled one would be a dot head).
    circle([200, 300], 1.35, { lineWidth: 2.7 }),
    line([200, 300], base),
    head(tip, u),
    circle(centre, R),
    ...(bubbleLettering === 'stroked' ? strokedA5(centre) : []),
    ...(bubbleLettering === 'ring and dot' ? [...polygon(centre, 0.85 * R, 24), ...polygon(centre, 0.1 * R, 8)] : []),
  ];
  const texts = [
    text('EFP', 178, 282, 6),
    ...(bubbleLettering === 'text' ? [text('A5', centre[0] - 3.6, centre[1] + 3, 6)] : []),
  ];
  return analyzePage({ width: 600, height: 400, paths, texts: [...filler, ...texts] }).annotations.leaders;
}

it('takes no arrow that points into a lettered bubble for a leader, lettered as strokes or as text', () => {
  expect(conductor('stroked')).toEqual([]);
  expect(conductor('text')).toEqual([]);
});

it('keeps a leader that points at a round object (a downpipe; a hole drawn with its wall and centre mark), its note at the tail', () => {
  expect(conductor('none').map((l) => l.texts_inside.map((t) => t.text))).toEqual([['EFP']]);
  expect(conductor('ring and dot').map((l) => l.texts_inside.map((t) => t.text))).toEqual([['EFP']]);
});
