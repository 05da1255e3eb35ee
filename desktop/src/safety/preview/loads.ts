// Loads and combinations: a replace deletes what the pattern or the combinations held (held for
// approval); a name the model has is modified, a new one added.
import { plural, list, type PreviewRules } from './rule.ts';

export const LOAD_RULES: PreviewRules = {
  assign_loads(args, { c, model, has }) {
    const p = args.pattern;
    if (!has('patterns', p)) c.adds.push(`load pattern ${p}`);
    else if (args.replace) {
      const n = model?.loadCount(p);
      c.deletes.push(`${n === null || n === undefined ? 'every' : n} load${n === 1 ? '' : 's'} of pattern ${p}`);
    }
    c.adds.push(`${plural(args.loads.length, 'load')} to pattern ${p}`);
  },
  define_load_combinations(args, { c, model, has }) {
    if (args.replace && model?.names.combinations.length)
      c.deletes.push(`combinations ${list(model.names.combinations)}`);
    const named = args.combinations.map((x) => x.name);
    for (const n of named) (has('combinations', n) && !args.replace ? c.modifies : c.adds).push(`combination ${n}`);
    if (args.generate) c.adds.push(`combinations generated from ${args.generate.code}`);
  },
};
