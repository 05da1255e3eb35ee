// Opens a base64 .xlsx template far enough to know its sheets and names:
// the zip's directory and xl/workbook.xml only, so it can run per request.
import { fieldError } from '../../../../core/errors.ts';
import { workbookPart, worksheets, type SheetEntry } from '../ooxml/package.ts';
import { ZipFormatError } from '../../../../core/zip.ts';
import { Package } from '../ooxml/package-editor.ts';
import { parseDefinedNames, type DefinedName } from './defined-names.ts';

export interface OpenTemplate {
  pkg: Package;
  workbook: string;
  workbookXml: string;
  sheets: SheetEntry[];
  names: DefinedName[];
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MAIN_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';

const notXlsx = (why: string) => fieldError('UNSUPPORTED_FORMAT', 'templateFile', why, { field: 'templateFile' });

function decodeBase64(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (!compact || compact.length % 4 !== 0 || !BASE64.test(compact)) throw notXlsx('is not base64 text');
  return Buffer.from(compact, 'base64');
}

export function openTemplate(base64: string): OpenTemplate {
  const bytes = decodeBase64(base64);
  let pkg: Package;
  let workbook: string | null;
  let types: string | null;
  let workbookXml: string | null;
  try {
    pkg = new Package(bytes);
    workbook = workbookPart(pkg);
    types = pkg.read('[Content_Types].xml');
    workbookXml = workbook ? pkg.read(workbook) : null;
  } catch (err) {
    if (err instanceof ZipFormatError) throw notXlsx(`is not a readable .xlsx package (${err.message})`);
    throw notXlsx('is not a readable .xlsx package (a part cannot be inflated)');
  }
  if (!workbook || !types || workbookXml === null) throw notXlsx('is not an .xlsx file (no workbook part)');
  if (!types.includes(`PartName="/${workbook}" ContentType="${MAIN_XLSX}"`)) {
    throw notXlsx('is not an .xlsx workbook (macro-enabled, template or another Office format)');
  }
  const sheets = worksheets(pkg, workbook, workbookXml);
  return { pkg, workbook, workbookXml, sheets, names: parseDefinedNames(workbookXml, sheets) };
}
