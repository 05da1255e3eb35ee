// The new_model templates as a plan both adapters carry out the same way (the stand-in on its
// model, the COM adapter through OAPI calls): frames between points, supports, and for the
// building template its stories, grid lines and one rigid diaphragm per story level.
import type { ToolArgs } from '@structural-platform/tool-schema';
import { ToolFailure } from './adapter.ts';

type Vec3 = [number, number, number];

export interface TemplatePlan {
  frames: { start: Vec3; end: Vec3; section: string }[];
  supports: { at: Vec3; restraint: [boolean, boolean, boolean, boolean, boolean, boolean] }[];
  stories: { base_elevation: number; stories: { name: string; height: number }[] } | null;
  grids: { x: { label: string; ordinate: number }[]; y: { label: string; ordinate: number }[] } | null;
  /** Diaphragm D1 at each of these elevations, over the joints there. */
  diaphragmLevels: number[];
}

const FIXED: TemplatePlan['supports'][number]['restraint'] = [true, true, true, true, true, true];

/** Grid labels A, B, … Z, AA, AB, … */
export function letters(k: number): string {
  let s = '';
  for (let n = k + 1; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

export function templatePlan(a: ToolArgs<'new_model'>): TemplatePlan {
  const t = a.template;
  const plan: TemplatePlan = { frames: [], supports: [], stories: null, grids: null, diaphragmLevels: [] };
  if (t.kind === 'blank') return plan;
  if (!a.default_section)
    throw new ToolFailure('INVALID_ARGUMENTS', 'default_section: a template needs the section its members take');
  const col = a.default_section,
    beam = a.beam_section ?? a.default_section;
  if (t.kind === 'beam') {
    for (let s = 0; s < t.spans; s++)
      plan.frames.push({ start: [s * t.span_length, 0, 0], end: [(s + 1) * t.span_length, 0, 0], section: col });
    // Pinned at the first support, rollers along X at the others; torsion and lateral movement held so a 3D beam is stable.
    plan.supports.push({ at: [0, 0, 0], restraint: [true, true, true, true, false, false] });
    for (let s = 1; s <= t.spans; s++)
      plan.supports.push({ at: [s * t.span_length, 0, 0], restraint: [false, true, true, true, false, false] });
  } else if (t.kind === 'portal_frame') {
    for (let b = 0; b <= t.bays; b++)
      for (let s = 0; s < t.stories; s++)
        plan.frames.push({
          start: [b * t.bay_width, 0, s * t.story_height],
          end: [b * t.bay_width, 0, (s + 1) * t.story_height],
          section: col,
        });
    for (let s = 1; s <= t.stories; s++)
      for (let b = 0; b < t.bays; b++)
        plan.frames.push({
          start: [b * t.bay_width, 0, s * t.story_height],
          end: [(b + 1) * t.bay_width, 0, s * t.story_height],
          section: beam,
        });
    for (let b = 0; b <= t.bays; b++) plan.supports.push({ at: [b * t.bay_width, 0, 0], restraint: FIXED });
  } else {
    if (a.dimension !== '3d')
      throw new ToolFailure('INVALID_ARGUMENTS', 'template: the building template is a 3D model (dimension 3d)');
    const { stories, story_height: h, bays_x: nx, bay_width_x: bx, bays_y: ny, bay_width_y: by } = t;
    // Floor by floor, so the joints are created in an order that keeps the stiffness band narrow.
    for (let s = 0; s < stories; s++) {
      for (let j = 0; j <= ny; j++)
        for (let i = 0; i <= nx; i++)
          plan.frames.push({ start: [i * bx, j * by, s * h], end: [i * bx, j * by, (s + 1) * h], section: col });
      for (let j = 0; j <= ny; j++)
        for (let i = 0; i < nx; i++)
          plan.frames.push({
            start: [i * bx, j * by, (s + 1) * h],
            end: [(i + 1) * bx, j * by, (s + 1) * h],
            section: beam,
          });
      for (let i = 0; i <= nx; i++)
        for (let j = 0; j < ny; j++)
          plan.frames.push({
            start: [i * bx, j * by, (s + 1) * h],
            end: [i * bx, (j + 1) * by, (s + 1) * h],
            section: beam,
          });
    }
    for (let j = 0; j <= ny; j++)
      for (let i = 0; i <= nx; i++) plan.supports.push({ at: [i * bx, j * by, 0], restraint: FIXED });
    plan.stories = {
      base_elevation: 0,
      stories: Array.from({ length: stories }, (_, s) => ({ name: `L${s + 1}`, height: h })),
    };
    plan.grids = {
      x: Array.from({ length: nx + 1 }, (_, i) => ({ label: letters(i), ordinate: i * bx })),
      y: Array.from({ length: ny + 1 }, (_, j) => ({ label: String(j + 1), ordinate: j * by })),
    };
    if (t.diaphragms) plan.diaphragmLevels = Array.from({ length: stories }, (_, s) => (s + 1) * h);
  }
  return plan;
}
