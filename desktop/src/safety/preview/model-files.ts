// Steps on the model as a whole and its file: a new or opened model closes the open one; a save
// or an analysis writes the model's file (written over: destructive when the file exists).
import { plural, type PreviewContext, type PreviewRules } from './rule.ts';

/**
 * Closing the open model to start or open another is shown, not held: the adapters drive an
 * instance of their own (never one the engineer opened), so what closes is the agent's model;
 * its file stays as it is, and asking at every new model would teach the engineer to approve
 * without reading.
 */
function closesOpenModel({ c, model }: PreviewContext): void {
  if (!model) return;
  c.modifies.push(
    `the open model${model.path ? ` ${model.path}` : ''} is closed (${plural(model.names.joints.length, 'joint')}, ${plural(model.names.frames.length, 'frame')}; changes not saved are lost)`,
  );
}

export const MODEL_FILE_RULES: PreviewRules = {
  new_model(args, ctx) {
    closesOpenModel(ctx);
    ctx.c.adds.push(`a new ${args.dimension} model (${args.template.kind}) in ${args.units}`);
  },
  open_model(args, ctx) {
    closesOpenModel(ctx);
    ctx.c.adds.push(`the model ${ctx.resolvePath(args.path)}`);
  },
  save_model(args, { c, model, fileExists, resolvePath }) {
    const target = args.path ? resolvePath(args.path) : (model?.path ?? null);
    if (target && fileExists(target))
      c.modifies.push(`the file ${target} (written over; the previous version is kept as a backup)`);
    else if (target) c.adds.push(`the file ${target}`);
  },
  run_analysis(_args, { c, model }) {
    if (model?.path)
      c.modifies.push(
        `the model file ${model.path} (the program saves the model before it analyses; the previous version is kept as a backup)`,
      );
  },
};
