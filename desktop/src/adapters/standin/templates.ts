// new_model on the stand-in: a fresh model with the template's plan (../templates.ts) built in.
// SAP2000 has no stories: its building template gets the grid's frames and diaphragms only.
import type { Program, ToolArgs } from '@structural-platform/tool-schema';
import { templatePlan } from '../templates.ts';
import { FrameModel, JOINT_TOLERANCE } from './model/model.ts';

export function newModel(a: ToolArgs<'new_model'>, program: Program): { model: FrameModel; frames: string[] } {
  const plan = templatePlan(a);
  const m = new FrameModel(a.units, a.dimension);
  if (plan.stories && program === 'etabs') m.defineStories(plan.stories);
  if (plan.grids && program === 'etabs') m.defineGrids(plan.grids);
  const frames = plan.frames.map((f) => m.addFrame({ start: f.start, end: f.end, section: f.section, angle: 0 }).name);
  for (const s of plan.supports) m.assignSupports([s.at], s.restraint);
  for (const z of plan.diaphragmLevels) {
    const joints = m.joints.filter((j) => Math.abs(j.xyz[2] - z) <= JOINT_TOLERANCE).map((j) => j.name);
    m.assignDiaphragm({ name: 'D1', rigid: true, joints });
  }
  return { model: m, frames };
}
