// call_api: what the method's entry in the OAPI table says it does (a delete, a file, a write);
// a method marked confirm is held whatever it does.
import { oapiMethod } from '@structural-platform/tool-schema';
import type { PreviewRules } from './rule.ts';

export const CALL_API_RULES: PreviewRules = {
  call_api(args, { c }) {
    const entry = oapiMethod(args.method);
    const line = `${args.method}(${args.args
      .map((x) => JSON.stringify(x))
      .join(', ')
      .slice(0, 300)})`;
    if (entry?.effect === 'delete') c.deletes.push(`what ${line} deletes`);
    else if (entry?.effect === 'file') c.modifies.push(`files or the open model through ${line}`);
    else if (entry?.effect === 'write') c.modifies.push(`the model through ${line}`);
    if (entry?.confirm) c.destructive = true;
  },
};
