// The model as a picture an engineer checks by eye: members, supports, the loads of one
// pattern, the deflected shape with its scale, and the support reactions. Drawn as SVG from the
// model the tools built (the core replays them: picture/sketch.ts), redrawn as the agent works.
// 2D models are drawn in their XZ plane, 3D ones in isometric view. Each layer is one <path>,
// so a building of thousands of members draws in one go; labels are capped so they stay legible.
import { h } from 'preact';
import { useMemo } from 'preact/hooks';
import htm from 'htm';
import { num, plural, unitsOf } from '../lib/format.js';

const html = htm.bind(h);
const W = 640,
  H = 460,
  PAD = 46;
const MAX_LOAD_ARROWS = 300,
  MAX_LABELS = 12;
/** Past this many members the picture is drawn for speed: solid deflected shape, square line ends, no anti-aliasing (a dashed path of thousands of segments takes seconds to stroke). */
const BIG = 1000;
const COS30 = Math.cos(Math.PI / 6),
  SIN30 = 0.5;

/** A nice factor: 1, 2 or 5 × 10^n at or below x. */
function nice(x) {
  if (!(x > 0) || !Number.isFinite(x)) return 1;
  const p = 10 ** Math.floor(Math.log10(x));
  return [5, 2, 1].map((m) => m * p).find((v) => v <= x) ?? p;
}

export function layout(sketch) {
  const n = sketch.names.length;
  const two = sketch.dimension === '2d';
  const proj = two ? (x, y, z) => [x, z] : (x, y, z) => [(x - y) * COS30, z + (x + y) * SIN30];
  const base = new Float64Array(2 * n);
  for (let k = 0; k < n; k++) {
    const [u, v] = proj(sketch.xyz[3 * k], sketch.xyz[3 * k + 1], sketch.xyz[3 * k + 2]);
    base[2 * k] = u;
    base[2 * k + 1] = v;
  }
  let [minU, maxU, minV, maxV] = [Infinity, -Infinity, Infinity, -Infinity];
  for (let k = 0; k < n; k++) {
    minU = Math.min(minU, base[2 * k]);
    maxU = Math.max(maxU, base[2 * k]);
    minV = Math.min(minV, base[2 * k + 1]);
    maxV = Math.max(maxV, base[2 * k + 1]);
  }
  const extent = Math.max(maxU - minU, maxV - minV) || 1;
  const scale = Math.min((W - 2 * PAD) / (maxU - minU || extent), (H - 2 * PAD) / (maxV - minV || extent));
  const cx = (minU + maxU) / 2,
    cy = (minV + maxV) / 2;
  const px = (u, v) => [W / 2 + (u - cx) * scale, H / 2 - (v - cy) * scale];
  return { n, two, proj, base, extent, px };
}

/** One decimal place: the SVG paths stay short and the picture looks the same. */
const f = (v) => v.toFixed(1);
const segment = (a, b) => `M${f(a[0])} ${f(a[1])}L${f(b[0])} ${f(b[1])}`;
const GLOBAL = { X: [1, 0, 0], Y: [0, 1, 0], Z: [0, 0, 1], gravity: [0, 0, -1] };

/** A unit direction on the page for a direction in the model (the projection's own, y down). */
function pageDirection(L, dx, dy, dz) {
  const [p, q] = L.proj(dx, dy, dz);
  const [p0, q0] = L.proj(0, 0, 0);
  const [a, b] = [p - p0, -(q - q0)];
  const m = Math.hypot(a, b) || 1;
  return [a / m, b / m];
}

/** An arrow of `len` pixels ending at (x, y), with its head. */
function arrow(x, y, ux, uy, len = 26) {
  const [sx, sy] = [x - ux * len, y - uy * len];
  return `M${f(sx)} ${f(sy)}L${f(x)} ${f(y)}M${f(x - ux * 6 - uy * 3.5)} ${f(y - uy * 6 + ux * 3.5)}L${f(x)} ${f(y)}L${f(x - ux * 6 + uy * 3.5)} ${f(y - uy * 6 - ux * 3.5)}`;
}

/** Every member as one path, so thousands draw in one go. */
function memberPath(sketch, at) {
  let members = '';
  for (let e = 0; e < sketch.frames.length; e += 2) members += segment(at(sketch.frames[e]), at(sketch.frames[e + 1]));
  return members;
}

/** The deflected shape: the largest displacement drawn as 8 % of the model's size, at a round factor. */
function deflectedShape(sketch, L) {
  const none = { deflected: '', factor: null, maxDisp: null };
  const disp = sketch.results?.displacements ?? [];
  if (!disp.length) return none;
  const d = new Float64Array(3 * L.n);
  let max = 0,
    where = null;
  for (const [k, v] of disp) {
    d[3 * k] = v[0];
    d[3 * k + 1] = v[1];
    d[3 * k + 2] = v[2];
    const m = Math.hypot(v[0], v[1], v[2]);
    if (m > max) [max, where] = [m, k];
  }
  if (!(max > 0)) return none;
  const factor = nice((0.08 * L.extent) / max);
  const moved = (k) => {
    const [p, q] = L.proj(
      sketch.xyz[3 * k] + factor * d[3 * k],
      sketch.xyz[3 * k + 1] + factor * d[3 * k + 1],
      sketch.xyz[3 * k + 2] + factor * d[3 * k + 2],
    );
    return L.px(p, q);
  };
  let deflected = '';
  for (let e = 0; e < sketch.frames.length; e += 2)
    deflected += segment(moved(sketch.frames[e]), moved(sketch.frames[e + 1]));
  return { deflected, factor, maxDisp: { value: max, joint: sketch.names[where] } };
}

/** Supports: a filled square (fixed), a triangle (pinned), a circle on a line (roller). */
function supportPaths(sketch, at) {
  let fixed = '',
    pinned = '',
    rollers = '';
  for (const s of sketch.supports) {
    const [x, y] = at(s.joint);
    const all = s.restraint.every(Boolean),
      trans = s.restraint.slice(0, 3).every(Boolean);
    if (all) fixed += `M${f(x - 6)} ${f(y)}h12v8h-12z`;
    else if (trans) pinned += `M${f(x)} ${f(y)}l-6 10h12z`;
    else rollers += `M${f(x - 4)} ${f(y + 5)}a4 4 0 1 0 8 0a4 4 0 1 0 -8 0M${f(x - 7)} ${f(y + 10)}h14`;
  }
  return { fixed, pinned, rollers };
}

/**
 * The pattern's loads: joint forces as arrows toward the joint, member loads as arrows along the
 * member. Arrows stop at MAX_LOAD_ARROWS loads and labels at MAX_LABELS, so a big model stays legible;
 * `drawn` of `loadCount` says so in the caption.
 */
function loadArrows(sketch, L, at, u) {
  let arrows = '';
  const labels = [];
  let drawn = 0;
  const loadCount = sketch.loads.joints.length + sketch.loads.members.length;
  for (const l of sketch.loads.joints) {
    const F = l.force,
      m = Math.hypot(...F);
    if (!m || drawn >= MAX_LOAD_ARROWS) continue;
    const [ux, uy] = pageDirection(L, F[0] / m, F[1] / m, F[2] / m);
    const [x, y] = at(l.joint);
    arrows += arrow(x, y, ux, uy);
    drawn++;
    if (labels.length < MAX_LABELS)
      labels.push({ x: x - ux * 30, y: y - uy * 30 - 4, text: `${num(m)} ${u.force}`, cls: 'load' });
  }
  for (const l of sketch.loads.members) {
    if (drawn >= MAX_LOAD_ARROWS) break;
    const g = GLOBAL[l.direction] ?? [0, 0, -1];
    const sign = Math.sign(l.value) || 1;
    const [ux, uy] = pageDirection(L, g[0] * sign, g[1] * sign, g[2] * sign);
    const [a, b] = [at(sketch.frames[2 * l.frame]), at(sketch.frames[2 * l.frame + 1])];
    const points = l.point ? [l.from] : [0, 0.25, 0.5, 0.75, 1].map((t) => l.from + t * (l.to - l.from));
    for (const t of points)
      arrows += arrow(a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), ux, uy, l.point ? 26 : 16);
    drawn++;
    if (labels.length < MAX_LABELS) {
      const t = (l.from + l.to) / 2;
      labels.push({
        x: a[0] + t * (b[0] - a[0]) - ux * 22,
        y: a[1] + t * (b[1] - a[1]) - uy * 22 - 4,
        text: l.point ? `${num(Math.abs(l.value))} ${u.force}` : `${num(Math.abs(l.value))} ${u.perLength}`,
        cls: 'load',
      });
    }
  }
  return { arrows, labels, drawn, loadCount };
}

/** Reactions: force arrows at the supports, the largest ones labelled (all of a 2D model's components, a 3D model's V only). */
function reactionArrows(sketch, L, at, u) {
  let reactions = '';
  const reacts = [...(sketch.results?.reactions ?? [])].sort(
    (p, q) => Math.hypot(...q[1].slice(0, 3)) - Math.hypot(...p[1].slice(0, 3)),
  );
  for (const [k, v] of reacts.slice(0, MAX_LOAD_ARROWS)) {
    const m = Math.hypot(v[0], v[1], v[2]);
    if (!m) continue;
    const [ux, uy] = pageDirection(L, v[0] / m, v[1] / m, v[2] / m);
    const [x, y] = at(k);
    // Drawn from below the support, pushing on it.
    reactions += arrow(x, y + 12, ux, uy, 22);
  }
  const parts = L.two
    ? [
        [0, 'H'],
        [2, 'V'],
        [4, 'M'],
      ]
    : [[2, 'V']];
  const labels = reacts.slice(0, L.two ? MAX_LABELS : 4).map(([k, v]) => {
    const [x, y] = at(k);
    return {
      x,
      y: y + 40,
      text: parts
        .filter(([i]) => v[i])
        .map(([i, n]) => `${n} ${num(v[i])} ${i < 3 ? u.force : u.moment}`)
        .join(', '),
      cls: 'reaction',
    };
  });
  return { reactions, labels };
}

/** The picture's layers as SVG path data, its labels, and the figures its caption states. */
export function draw(sketch) {
  const L = layout(sketch);
  const u = unitsOf(sketch.units);
  const at = (k) => L.px(L.base[2 * k], L.base[2 * k + 1]);
  const loads = loadArrows(sketch, L, at, u);
  const reactions = reactionArrows(sketch, L, at, u);
  return {
    members: memberPath(sketch, at),
    ...deflectedShape(sketch, L),
    ...supportPaths(sketch, at),
    arrows: loads.arrows,
    reactions: reactions.reactions,
    labels: [...loads.labels, ...reactions.labels],
    loadCount: loads.loadCount,
    drawn: loads.drawn,
    u,
    two: L.two,
  };
}

export function ModelPicture({ sketch }) {
  const d = useMemo(() => (sketch && sketch.names.length ? draw(sketch) : null), [sketch]);
  if (!sketch)
    return html`<div class="picture empty-picture muted">The model appears here once the agent builds one.</div>`;
  if (!d) return html`<div class="picture empty-picture muted">The model has no joints yet.</div>`;
  const members = sketch.frames.length / 2;
  return html`<figure class="picture" aria-label="Model picture">
    <svg
      viewBox=${`0 0 ${W} ${H}`}
      class=${members > BIG ? 'big' : ''}
      role="img"
      aria-label=${`${d.two ? '2D' : '3D'} model of ${plural(members, 'member')}`}
      data-members=${members}
    >
      <path class="members" d=${d.members} />
      ${d.deflected && html`<path class="deflected" d=${d.deflected} />`}
      <path class="support" d=${d.fixed} />
      <path class="support open" d=${d.pinned} />
      <path class="support open" d=${d.rollers} />
      <path class="loads" d=${d.arrows} />
      <path class="reactions" d=${d.reactions} />
      ${d.labels.map((l) => html`<text x=${l.x.toFixed(1)} y=${l.y.toFixed(1)} class=${l.cls}>${l.text}</text>`)}
    </svg>
    <figcaption>
      <span><i class="key members"></i>${plural(members, 'member')}, ${plural(sketch.supports.length, 'support')}</span>
      ${sketch.loads.pattern && html`<span><i class="key loads"></i>Loads: ${sketch.loads.pattern}${d.loadCount > d.drawn ? ` (${d.drawn} of ${d.loadCount} drawn)` : ''}</span>`}
      ${d.factor && html`<span><i class="key deflected"></i>Deflected shape × ${num(d.factor)} (largest ${num(d.maxDisp.value * d.u.toSmall)} ${d.u.small} at joint ${d.maxDisp.joint}, ${sketch.results.case})</span>`}
      ${sketch.results?.reactions?.length ? html`<span><i class="key reactions"></i>Reactions</span>` : ''}
      ${sketch.note && html`<span class="muted">${sketch.note}</span>`}
    </figcaption>
  </figure>`;
}
