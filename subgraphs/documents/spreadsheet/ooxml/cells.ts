// A1 cell addresses and absolute range references, 1-based rows and columns.

export function columnLetters(col: number): string {
  let s = '';
  for (let n = col; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

export function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

export const cellAddress = (col: number, row: number): string => `${columnLetters(col)}${row}`;

/** A sheet name as a formula needs it: quoted when it is not a plain identifier, quotes doubled. */
export function quoteSheet(name: string): string {
  // A cell reference (A1, R1C1, R, C) would be read instead of the sheet, so it is quoted too.
  const plain =
    /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) && !/^[A-Za-z]{1,3}\d+$/.test(name) && !/^([Rr]\d*)?([Cc]\d*)?$/.test(name);
  return plain ? name : `'${name.replace(/'/g, "''")}'`;
}

export interface CellBox {
  col1: number;
  row1: number;
  col2: number;
  row2: number;
}

export const boxRef = (b: CellBox): string =>
  b.col1 === b.col2 && b.row1 === b.row2
    ? cellAddress(b.col1, b.row1)
    : `${cellAddress(b.col1, b.row1)}:${cellAddress(b.col2, b.row2)}`;

/** `'Sheet 1'!$B$4:$B$9`, the form chart series and defined names use. */
export function absoluteRef(sheet: string, b: CellBox): string {
  const abs = (c: number, r: number) => `$${columnLetters(c)}$${r}`;
  const tail =
    b.col1 === b.col2 && b.row1 === b.row2 ? abs(b.col1, b.row1) : `${abs(b.col1, b.row1)}:${abs(b.col2, b.row2)}`;
  return `${quoteSheet(sheet)}!${tail}`;
}

/** `B4`, `$B$4`, `B4:C9` → a box; null when the text is not a plain A1 area. */
export function parseArea(text: string): CellBox | null {
  const m = /^\$?([A-Za-z]{1,3})\$?(\d+)(?::\$?([A-Za-z]{1,3})\$?(\d+))?$/.exec(text.trim());
  if (!m) return null;
  const col1 = columnNumber(m[1]!);
  const row1 = Number(m[2]);
  const col2 = m[3] ? columnNumber(m[3]) : col1;
  const row2 = m[4] ? Number(m[4]) : row1;
  return {
    col1: Math.min(col1, col2),
    row1: Math.min(row1, row2),
    col2: Math.max(col1, col2),
    row2: Math.max(row1, row2),
  };
}

/** `B4` → {col: 2, row: 4}. */
export function parseCell(address: string): { col: number; row: number } | null {
  const m = /^([A-Z]{1,3})(\d+)$/.exec(address);
  return m ? { col: columnNumber(m[1]!), row: Number(m[2]) } : null;
}
