// Objects and what is assigned to them: frames and areas are added; restraints, masses and
// diaphragm membership modify the joints (shown, not held); new stories replace the old ones.
import { list, plural, type PreviewRules } from './rule.ts';

export const OBJECT_RULES: PreviewRules = {
  define_frames(args, { c }) {
    c.adds.push(
      plural(args.frames.length, 'frame') +
        (args.frames.some((f) => f.name) ? ` (${list(args.frames.map((f) => f.name ?? '(new)'))})` : ''),
    );
  },
  define_areas(args, { c }) {
    c.adds.push(plural(args.areas.length, 'area'));
  },
  assign_supports(args, { c }) {
    c.modifies.push(`restraints of ${plural(args.joints.length, 'joint')}`);
  },
  assign_joint_masses(args, { c }) {
    c.modifies.push(`masses of ${plural(args.joints.length, 'joint')}`);
  },
  assign_diaphragm(args, { c }) {
    c.modifies.push(`diaphragm ${args.name} (joints added to it)`);
  },
  define_stories(args, { c, model }) {
    if (model?.names.stories.length) c.deletes.push(`stories ${list(model.names.stories)}`);
    c.adds.push(`stories ${list(args.stories.map((s) => s.name))}`);
  },
};
