// The defined names of a workbook, read straight from xl/workbook.xml (fast
// enough to run at request time), and how a data_mappings key finds one:
// `Name` is the workbook-wide name (or the only sheet-scoped one so called),
// `Sheet!Name` / `'My Sheet'!Name` the name scoped to that sheet. Case counts.
import { fieldError } from '../../../../core/errors.ts';
import { LIMITS } from '../../../../core/limits.ts';
import { parseArea, type CellBox } from '../ooxml/cells.ts';
import type { SheetEntry } from '../ooxml/package.ts';
import { attributes, MAX_TAG_CHARS, nextStartTag, unescapeXml } from '../ooxml/xml.ts';

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

/**
 * The `<definedName>` elements of workbook.xml, found by a forward scan
 * (nextStartTag, then indexOf for the end tag; each search starts where the
 * last ended, so the scan is linear in the part's length whatever it holds: no
 * backtracking pattern runs over the caller's XML). At most
 * `templateMaxDefinedNames` (core/limits.ts).
 */
export function parseDefinedNames(workbookXml: string, sheets: readonly SheetEntry[]): DefinedName[] {
  const out: DefinedName[] = [];
  const TAG = 'definedName';
  let at = 0;
  for (let tag = nextStartTag(workbookXml, TAG, at); tag; tag = nextStartTag(workbookXml, TAG, at)) {
    const { attrStart, end: tagEnd } = tag;
    if (tag.selfClosing) {
      at = tagEnd + 1; // <definedName …/> has no formula
      continue;
    }
    const close = workbookXml.indexOf(`${TAG}>`, tagEnd + 1);
    if (close < 0) break;
    const closeLt = workbookXml.lastIndexOf('</', close);
    if (closeLt < tagEnd) break;
    if (out.length >= LIMITS.templateMaxDefinedNames) {
      throw fieldError(
        'UNPROCESSABLE',
        'templateFile',
        `the workbook defines more than ${LIMITS.templateMaxDefinedNames} names`,
        { field: 'templateFile', limit: LIMITS.templateMaxDefinedNames },
      );
    }
    // A real start tag carries a name, a sheet id and a few flags: a longer one is not read (it would be the attribute pattern's worst case).
    if (tagEnd - attrStart > MAX_TAG_CHARS) {
      throw fieldError(
        'UNPROCESSABLE',
        'templateFile',
        `a definedName start tag is longer than ${MAX_TAG_CHARS} characters`,
        { field: 'templateFile' },
      );
    }
    const a = attributes(workbookXml.slice(attrStart, tagEnd));
    const local = a.localSheetId === undefined ? null : Number(a.localSheetId);
    out.push({
      name: a.name ?? '',
      scope: local === null ? null : (sheets[local]?.name ?? null),
      formula: unescapeXml(workbookXml.slice(tagEnd + 1, closeLt)).trim(),
    });
    at = close + TAG.length + 1;
  }
  return out;
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
