// Formula text as the caller writes it (`=SUM(Loads[Force])`, `=[@Qty]*[@Price]`)
// and as the file must hold it: no leading "=", the Excel 2010 current-row
// shorthand `[@Col]` spelled `Table[[#This Row],[Col]]`, the only form the
// file format defines (LibreOffice answers #NAME? or Err:507 to the
// shorthand), and functions newer than Excel 2007 prefixed `_xlfn.` as the
// format requires (Excel shows #NAME? for `STDEV.S(` without it).

/** Functions added after Excel 2007 (the list XlsxWriter keeps, less LET/LAMBDA, whose parameters need more than a prefix). */
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
    'T.DIST T.DIST.2T T.DIST.RT T.INV T.INV.2T T.TEST TEXTJOIN UNICHAR UNICODE UNIQUE VAR.P VAR.S WEBSERVICE WEIBULL.DIST XLOOKUP XMATCH XOR Z.TEST'
  ).split(' '),
);
/** Dynamic-array functions that live in the worksheet namespace as well. */
const WORKSHEET_FUNCTIONS = new Set(['FILTER', 'SORT']);


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
  return prefixNewFunctions(out + body.slice(last));
}

function prefixNewFunctions(formula: string): string {
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
