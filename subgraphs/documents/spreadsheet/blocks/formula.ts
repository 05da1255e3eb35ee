// Formula text as the caller writes it (`=SUM(Loads[Force])`, `=[@Qty]*[@Price]`)
// and as the file must hold it: no leading "=", and the Excel 2010 current-row
// shorthand `[@Col]` spelled `Table[[#This Row],[Col]]`, the only form the
// file format defines (LibreOffice answers #NAME? or Err:507 to the shorthand).

/** Text of a formula with its string literals blanked, so brackets inside quotes are not read as references. */
const withoutStrings = (f: string): string => f.replace(/"(?:[^"]|"")*"/g, (s) => '"' + ' '.repeat(s.length - 2) + '"');

/** Where `[@…]` / `Table[@…]` starts: the table name (possibly empty) and the bracket. */
const CURRENT_ROW = /([A-Za-z_\\][\w.]*)?\[@(\[[^\]]*\]|[^\]\[]*)\]/g;

/** The formula as stored in the file, for a cell inside table `table` (null outside any table). */
export function toFileFormula(expression: string, table: string | null): string {
  const body = expression.replace(/^=/, '');
  const blanked = withoutStrings(body);
  let out = '';
  let last = 0;
  for (const m of blanked.matchAll(CURRENT_ROW)) {
    const name = m[1] ?? table;
    const column = m[2]!.startsWith('[') ? m[2]! : `[${m[2]}]`;
    out += body.slice(last, m.index) + `${name}[[#This Row],${column}]`;
    last = m.index + m[0].length;
  }
  return out + body.slice(last);
}

export interface StructuredReference {
  table: string;
  /** Column names the reference names (special items such as #This Row left out). */
  columns: string[];
}

/** Every `Table[...]` reference in a formula. */
export function structuredReferences(expression: string): StructuredReference[] {
  const text = withoutStrings(expression);
  const refs: StructuredReference[] = [];
  const start = /(^|[^\w.'!\]])([A-Za-z_\\][\w.]*)\[/g;
  for (let m = start.exec(text); m; m = start.exec(text)) {
    const open = m.index + m[0].length - 1;
    let depth = 0;
    let end = open;
    for (; end < text.length; end++) {
      if (text[end] === '[') depth++;
      else if (text[end] === ']' && --depth === 0) break;
    }
    const inner = text.slice(open + 1, end);
    const parts = inner.includes('[') ? [...inner.matchAll(/\[([^\]]*)\]/g)].map((p) => p[1]!) : [inner];
    const columns = parts.map((p) => p.replace(/^@/, '').trim()).filter((p) => p && !p.startsWith('#'));
    refs.push({ table: m[2]!, columns });
    start.lastIndex = end + 1;
  }
  return refs;
}

/** Why a formula cannot be read (unbalanced brackets or quotes), or null. */
export function formulaSyntaxProblem(expression: string): string | null {
  if ((expression.match(/"/g)?.length ?? 0) % 2) return 'a string literal is not closed';
  const text = withoutStrings(expression);
  for (const [open, close] of [['(', ')'], ['[', ']']] as const) {
    let depth = 0;
    for (const ch of text) {
      if (ch === open) depth++;
      else if (ch === close && --depth < 0) return `"${close}" without a matching "${open}"`;
    }
    if (depth) return `"${open}" is not closed`;
  }
  return null;
}
