// Deletions, named by kind: frames, areas and patterns take the loads on them with them.
import { list, type PreviewRules } from './rule.ts';

export const DELETION_RULES: PreviewRules = {
  delete_objects(a, { c }) {
    for (const [kind, names] of [
      ['frames', a.frames],
      ['joints', a.joints],
      ['areas', a.areas],
      ['load patterns', a.patterns],
      ['combinations', a.combinations],
    ] as const) {
      if (names?.length)
        c.deletes.push(
          `${kind} ${list(names)}${kind === 'frames' || kind === 'areas' || kind === 'load patterns' ? ' with the loads on them' : ''}`,
        );
    }
  },
};
