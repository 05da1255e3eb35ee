/**
 * Circle and arc construction in the two forms CAD exports use: true cubic
 * Béziers, or chains of short lines (some exporters never emit a curve). The
 * detector must handle both, so every round symbol goes through here.
 */
import { add, boxOf, mul, polar, sub } from '../geometry.ts';
import type { Box, Point } from '../geometry.ts';
import type { Path, Segment } from '../pen.ts';
import type { Rng } from '../prng.ts';
import type { CircleMode } from '../styles.ts';

/** Control-point distance for a quarter circle (AutoCAD-style 4-segment circles). */
const KAPPA = 0.5522847498;

export function bezierCircle(c: Point, r: number, startAngle = 0): Path {
  const path: Path = [{ op: 'M', p: polar(c, r, startAngle) }];
  for (let i = 0; i < 4; i++) {
    const a0 = startAngle + (i * Math.PI) / 2;
    const a1 = a0 + Math.PI / 2;
    const p0 = polar(c, r, a0);
    const p1 = polar(c, r, a1);
    const t0: Point = [-Math.sin(a0), Math.cos(a0)];
    const t1: Point = [-Math.sin(a1), Math.cos(a1)];
    path.push({ op: 'C', c1: add(p0, mul(t0, KAPPA * r)), c2: sub(p1, mul(t1, KAPPA * r)), p: p1 });
  }
  path.push({ op: 'Z' });
  return path;
}

/** Closed polygon whose vertices lie on the circle. */
export function polylineCircle(c: Point, r: number, segments: number, startAngle = 0): Path {
  const path: Path = [];
  for (let i = 0; i < segments; i++) {
    const p = polar(c, r, startAngle + (i * 2 * Math.PI) / segments);
    path.push(i === 0 ? { op: 'M', p } : { op: 'L', p });
  }
  path.push({ op: 'Z' });
  return path;
}

/** The polygon's sides as separate one-line subpaths, as exports that write every chord on its own do. */
export function segmentedCircle(c: Point, r: number, segments: number, startAngle = 0): Path {
  const path: Path = [];
  for (let i = 0; i < segments; i++) {
    path.push(
      { op: 'M', p: polar(c, r, startAngle + (i * 2 * Math.PI) / segments) },
      { op: 'L', p: polar(c, r, startAngle + ((i + 1) * 2 * Math.PI) / segments) },
    );
  }
  return path;
}

export function circlePath(mode: CircleMode, c: Point, r: number, rng: Rng): Path {
  if (mode === 'bezier') return bezierCircle(c, r);
  const sides = rng.pick([24, 32, 36, 48, 64, 72]);
  const phase = rng.pick([0, Math.PI / 4]);
  return mode === 'polyline' ? polylineCircle(c, r, sides, phase) : segmentedCircle(c, r, sides, phase);
}

/** A circular arc through `from` and `to`, bulging to the right of the direction of travel. */
export interface Arc {
  from: Point;
  to: Point;
  center: Point;
  radius: number;
  /** Start angle and signed sweep (radians, counter-clockwise positive). */
  start: number;
  sweep: number;
}

/**
 * Arc over the chord from→to with the given included angle (< π), bulging to
 * the right of travel: for a counter-clockwise loop that is outwards.
 */
export function bulgeArc(from: Point, to: Point, included: number): Arc {
  const chord = sub(to, from);
  const c = Math.hypot(chord[0], chord[1]);
  const radius = c / (2 * Math.sin(included / 2));
  const right: Point = [chord[1] / c, -chord[0] / c];
  const mid = mul(add(from, to), 0.5);
  const center = sub(mid, mul(right, radius * Math.cos(included / 2)));
  const start = Math.atan2(from[1] - center[1], from[0] - center[0]);
  // The center lies left of the chord, so passing on its right is counter-clockwise.
  return { from, to, center, radius, start, sweep: included };
}

/** The arc as two cubic Béziers, split at its midpoint (what CAD revision clouds export). */
export function arcSegments(arc: Arc): Segment[] {
  const out: Segment[] = [];
  const half = arc.sweep / 2;
  const k = (4 / 3) * Math.tan(half / 4);
  for (let i = 0; i < 2; i++) {
    const a0 = arc.start + i * half;
    const a1 = a0 + half;
    const p0 = polar(arc.center, arc.radius, a0);
    const p1 = i === 1 ? arc.to : polar(arc.center, arc.radius, a1);
    const t0: Point = [-Math.sin(a0), Math.cos(a0)];
    const t1: Point = [-Math.sin(a1), Math.cos(a1)];
    out.push({ op: 'C', c1: add(p0, mul(t0, k * arc.radius)), c2: sub(p1, mul(t1, k * arc.radius)), p: p1 });
  }
  return out;
}

/** Exact bounding box of a circular arc: end points plus any axis extreme it sweeps over. */
export function arcBox(arc: Arc): Box {
  const pts: Point[] = [arc.from, arc.to];
  const lo = Math.min(arc.start, arc.start + arc.sweep);
  const hi = Math.max(arc.start, arc.start + arc.sweep);
  for (let q = Math.ceil(lo / (Math.PI / 2)); q * (Math.PI / 2) <= hi; q++) {
    pts.push(polar(arc.center, arc.radius, q * (Math.PI / 2)));
  }
  return boxOf(pts);
}

/** The point halfway along the arc (its apex). */
export function arcMid(arc: Arc): Point {
  return polar(arc.center, arc.radius, arc.start + arc.sweep / 2);
}
