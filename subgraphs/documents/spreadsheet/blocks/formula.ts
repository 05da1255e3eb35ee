// Formula text as the caller writes it (`=SUM(Loads[Force])`, `=[@Qty]*[@Price]`)
// and as the file must hold it: no leading "=", the Excel 2010 current-row
// shorthand `[@Col]` spelled `Table[[#This Row],[Col]]`, the only form the
// file format defines (LibreOffice answers #NAME? or Err:507 to the
// shorthand), and functions newer than Excel 2007 prefixed `_xlfn.` as the
// format requires (Excel shows #NAME? for `STDEV.S(` without it).

/** Functions added after Excel 2007 (the list XlsxWriter keeps); LET and LAMBDA also get their parameters prefixed (lambdaParameters). */
const FUTURE_FUNCTIONS = new Set(
  (
    'ACOT ACOTH AGGREGATE ARABIC BASE BETA.DIST BETA.INV BINOM.DIST BINOM.DIST.RANGE BINOM.INV BITAND BITLSHIFT BITOR BITRSHIFT BITXOR ' +
    'CEILING.MATH CEILING.PRECISE CHISQ.DIST CHISQ.DIST.RT CHISQ.INV CHISQ.INV.RT CHISQ.TEST COMBINA CONCAT CONFIDENCE.NORM CONFIDENCE.T ' +
    'COT COTH COVARIANCE.P COVARIANCE.S CSC CSCH DAYS DECIMAL ERF.PRECISE ERFC.PRECISE EXPON.DIST F.DIST F.DIST.RT F.INV F.INV.RT F.TEST ' +
    'FILTERXML FLOOR.MATH FLOOR.PRECISE FORECAST.ETS FORECAST.ETS.CONFINT FORECAST.ETS.SEASONALITY FORECAST.ETS.STAT FORECAST.LINEAR ' +
    'FORMULATEXT GAMMA GAMMA.DIST GAMMA.INV GAMMALN.PRECISE GAUSS HYPGEOM.DIST IFNA IFS IMCOSH IMCOT IMCSC IMCSCH IMSEC IMSECH IMSINH IMTAN ' +
    'ISFORMULA ISOWEEKNUM LOGNORM.DIST LOGNORM.INV MAXIFS MINIFS MODE.MULT MODE.SNGL MUNIT NEGBINOM.DIST NORM.DIST NORM.INV NORM.S.DIST ' +
    'NORM.S.INV NUMBERVALUE PDURATION PERCENTILE.EXC PERCENTILE.INC PERCENTRANK.EXC PERCENTRANK.INC PERMUTATIONA PHI POISSON.DIST ' +
    'QUARTILE.EXC QUARTILE.INC QUERYSTRING RANDARRAY RANK.AVG RANK.EQ RRI SEC SECH SEQUENCE SHEET SHEETS SKEW.P SORTBY STDEV.P STDEV.S SWITCH ' +
    'T.DIST T.DIST.2T T.DIST.RT T.INV T.INV.2T T.TEST TEXTJOIN UNICHAR UNICODE UNIQUE VAR.P VAR.S WEBSERVICE WEIBULL.DIST XLOOKUP XMATCH XOR Z.TEST ' +
    'LET LAMBDA MAP REDUCE SCAN BYROW BYCOL MAKEARRAY ISOMITTED'
  ).split(' '),
);
/** Dynamic-array functions that live in the worksheet namespace as well. */
const WORKSHEET_FUNCTIONS = new Set(['FILTER', 'SORT']);

/**
 * Functions that return an array which spills into the cells below and
 * beside: Excel spills a formula only when the cell is marked as a
 * dynamic-array formula (build/package-patch.ts); without the mark it shows
 * the implicit-intersection `@FILTER(...)` and one value.
 */
const DYNAMIC_ARRAY = /(?:^|[^\w.])_xlfn\.(?:_xlws\.)?(?:FILTER|SORT|SORTBY|UNIQUE|SEQUENCE|RANDARRAY)\(/;

/** Whether a formula as stored in the file (toFileFormula) calls a spilling function outside a string literal. */
export const isDynamicArrayFormula = (fileFormula: string): boolean => DYNAMIC_ARRAY.test(withoutStrings(fileFormula));

/** Text of a formula with its string literals blanked, so brackets inside quotes are not read as references. */
const withoutStrings = (f: string): string => f.replace(/"(?:[^"]|"")*"/g, (s) => '"' + ' '.repeat(s.length - 2) + '"');

/** A table name as Excel allows it (names.ts rule in validate.ts): any script's letters. */
const TABLE_NAME_CHARS = /[\p{L}\p{M}\p{N}_.\\]/u;

/**
 * Where the bracket opened at `open` closes. Inside a structured reference Excel escapes
 * `[`, `]`, `#` and `'` in a column name with an apostrophe (`[Force '[kN']]`), so a `'`
 * there makes the next character literal. -1 when it never closes.
 */
export function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === "'" && depth > 0) i++;
    else if (ch === '[') depth++;
    else if (ch === ']' && --depth === 0) return i;
  }
  return -1;
}

/** A column name as written in a reference (`Force '[kN']`) → as the header reads (`Force [kN]`). */
export const unescapeColumn = (name: string): string => name.replace(/'(.)/g, '$1');

interface CurrentRowRef {
  start: number;
  end: number;
  /** The table named before the bracket, null for the bare `[@Col]` of a table's own row. */
  table: string | null;
  /** The column as written, escapes kept, without its brackets. */
  column: string;
}

/** Every `[@Col]`, `[@[Col]]` and `Table[@Col]` of a formula (string literals already blanked). */
export function currentRowRefs(text: string): CurrentRowRef[] {
  const refs: CurrentRowRef[] = [];
  for (let at = text.indexOf('[@'); at >= 0; at = text.indexOf('[@', at + 1)) {
    const end = closingBracket(text, at);
    if (end < 0) break;
    let nameStart = at;
    while (nameStart > 0 && TABLE_NAME_CHARS.test(text[nameStart - 1]!)) nameStart--;
    if (nameStart > 0 && text[nameStart - 1] === ']') continue; // inside Table[[#This Row],[@…]]: not a reference of its own
    const inner = text.slice(at + 2, end);
    const column = inner.startsWith('[') && inner.endsWith(']') ? inner.slice(1, -1) : inner;
    refs.push({ start: nameStart, end: end + 1, table: nameStart < at ? text.slice(nameStart, at) : null, column });
    at = end;
  }
  return refs;
}

/** The formula as stored in the file, for a cell inside table `table` (null outside any table). */
export function toFileFormula(expression: string, table: string | null): string {
  const body = expression.replace(/^=/, '');
  const blanked = withoutStrings(body);
  let out = '';
  let last = 0;
  for (const ref of currentRowRefs(blanked)) {
    out += body.slice(last, ref.start) + `${ref.table ?? table}[[#This Row],[${ref.column}]]`;
    last = ref.end;
  }
  return prefixNewFunctions(out + body.slice(last));
}

/**
 * LET and LAMBDA name their parameters; the file spells each use of one `_xlpm.name`
 * inside the call that declares it (Excel shows #NAME? otherwise). LET's names are its
 * odd arguments before the last; LAMBDA's are all arguments but the last.
 */
function lambdaParameters(formula: string): string {
  const blanked = withoutStrings(formula);
  const scopes: { from: number; to: number; names: Set<string> }[] = [];
  for (const m of blanked.matchAll(/(?<![\w.])(LET|LAMBDA)\(/gi)) {
    const open = m.index + m[0].length - 1;
    const args: string[] = [];
    let depth = 0;
    let argStart = open + 1;
    let close = -1;
    for (let i = open; i < blanked.length && close < 0; i++) {
      const ch = blanked[i];
      if (ch === '(' || ch === '[' || ch === '{') depth++;
      else if (ch === ')' || ch === ']' || ch === '}') {
        if (--depth === 0) close = i;
      } else if (ch === ',' && depth === 1) {
        args.push(blanked.slice(argStart, i).trim());
        argStart = i + 1;
      }
    }
    if (close < 0) continue;
    args.push(blanked.slice(argStart, close).trim());
    const declared =
      m[1]!.toUpperCase() === 'LET' ? args.slice(0, -1).filter((_, i) => i % 2 === 0) : args.slice(0, -1);
    const names = new Set(declared.filter((a) => /^[A-Za-z_][\w.]*$/.test(a)).map((a) => a.toLowerCase()));
    if (names.size) scopes.push({ from: open, to: close, names });
  }
  if (!scopes.length) return formula;
  return formula.replace(/(?<![\w.\[\]])[A-Za-z_][\w.]*(?![\w.(\[])/g, (name, at: number) => {
    if (blanked[at] !== formula[at]) return name; // inside a string literal
    return scopes.some((s) => at > s.from && at < s.to && s.names.has(name.toLowerCase())) ? `_xlpm.${name}` : name;
  });
}

function prefixNewFunctions(source: string): string {
  const formula = lambdaParameters(source);
  const blanked = withoutStrings(formula);
  return formula.replace(/(^|[^\w.])([A-Za-z][\w.]*)(?=\()/g, (whole, before: string, name: string, at: number) => {
    if (blanked[at + before.length] !== formula[at + before.length]) return whole; // inside a string literal
    const upper = name.toUpperCase();
    if (WORKSHEET_FUNCTIONS.has(upper)) return `${before}_xlfn._xlws.${upper}`;
    return FUTURE_FUNCTIONS.has(upper) ? `${before}_xlfn.${upper}` : whole;
  });
}

export interface StructuredReference {
  table: string;
  /** Column names the reference names, unescaped (special items such as #This Row left out). */
  columns: string[];
  /** Special items it names: #All, #Data, #Headers, #Totals, #This Row. */
  items: string[];
}

/** Every `Table[...]` reference in a formula. */
export function structuredReferences(expression: string): StructuredReference[] {
  const text = withoutStrings(expression);
  const refs: StructuredReference[] = [];
  const start = /(^|[^\p{L}\p{M}\p{N}_.'!\]\\])([\p{L}_\\][\p{L}\p{M}\p{N}_.\\]*)\[/gu;
  for (let m = start.exec(text); m; m = start.exec(text)) {
    const open = m.index + m[0].length - 1;
    const end = closingBracket(text, open);
    if (end < 0) break;
    const inner = text.slice(open + 1, end);
    const parts: string[] = [];
    if (inner.startsWith('[') || /^@\[/.test(inner)) {
      for (let i = inner.indexOf('['); i >= 0 && i < inner.length; i = inner.indexOf('[', i)) {
        const close = closingBracket(inner, i);
        if (close < 0) break;
        parts.push(inner.slice(i + 1, close));
        i = close + 1;
      }
    } else parts.push(inner);
    const names = parts.map((p) => p.replace(/^@/, '').trim()).filter(Boolean);
    refs.push({
      table: m[2]!,
      columns: names.filter((p) => !p.startsWith('#')).map(unescapeColumn),
      items: names.filter((p) => p.startsWith('#')),
    });
    start.lastIndex = end + 1;
  }
  return refs;
}

/** Why a formula cannot be read (unbalanced brackets or quotes), or null. */
export function formulaSyntaxProblem(expression: string): string | null {
  if ((expression.match(/"/g)?.length ?? 0) % 2) return 'a string literal is not closed';
  const text = withoutStrings(expression);
  for (const [open, close] of [
    ['(', ')'],
    ['[', ']'],
  ] as const) {
    let depth = 0;
    let brackets = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text[i];
      // Inside brackets an apostrophe escapes the next character (Excel's [Force '[kN']]).
      if (ch === "'" && brackets > 0) {
        i++;
        continue;
      }
      if (ch === '[') brackets++;
      else if (ch === ']') brackets--;
      if (ch === open) depth++;
      else if (ch === close && --depth < 0) return `"${close}" without a matching "${open}"`;
    }
    if (depth) return `"${open}" is not closed`;
  }
  return null;
}
