// The defined names of a workbook, read straight from xl/workbook.xml (fast
// enough to run at request time), and how a data_mappings key finds one:
// `Name` is the workbook-wide name (or the only sheet-scoped one so called),
// `Sheet!Name` / `'My Sheet'!Name` the name scoped to that sheet. Case counts.
import { parseArea, type CellBox } from '../ooxml/cells.ts';
import type { SheetEntry } from '../ooxml/package.ts';
import { attributes, unescapeXml } from '../ooxml/xml.ts';

export interface DefinedName {
  name: string;
  /** The sheet the name is scoped to, or null for a workbook-wide name. */
  scope: string | null;
  /** What the name refers to, as written (`'Sheet 1'!$A$1:$B$3`, `0.2`, …). */
  formula: string;
}

export interface NamedArea {
  sheet: string;
  box: CellBox;
}

export function parseDefinedNames(workbookXml: string, sheets: readonly SheetEntry[]): DefinedName[] {
  return [...workbookXml.matchAll(/<(?:\w+:)?definedName\b([^>]*)>([\s\S]*?)<\/(?:\w+:)?definedName>/g)].map((m) => {
    const a = attributes(m[1]!);
    const local = a.localSheetId === undefined ? null : Number(a.localSheetId);
    return { name: a.name ?? '', scope: local === null ? null : (sheets[local]?.name ?? null), formula: unescapeXml(m[2]!).trim() };
  });
}

/** The one rectangular area a name refers to, or null (constants, formulas, several areas, #REF!). */
export function areaOf(def: DefinedName): NamedArea | null {
  const m = /^(?:'((?:[^']|'')+)'|([^'!]+))!(\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d+)?)$/.exec(def.formula);
  if (!m) return null;
  const box = parseArea(m[3]!);
  return box ? { sheet: m[1]?.replace(/''/g, "'") ?? m[2]!, box } : null;
}

/** The defined name a data_mappings key means, or null when there is none. */
export function findName(key: string, names: readonly DefinedName[]): DefinedName | null {
  const scoped = /^(?:'((?:[^']|'')+)'|([^'!]+))!([^!]+)$/.exec(key);
  if (scoped) {
    const sheet = scoped[1]?.replace(/''/g, "'") ?? scoped[2]!;
    return names.find((n) => n.scope === sheet && n.name === scoped[3]) ?? null;
  }
  const global = names.find((n) => n.scope === null && n.name === key);
  if (global) return global;
  const local = names.filter((n) => n.scope !== null && n.name === key);
  return local.length === 1 ? local[0]! : null;
}
