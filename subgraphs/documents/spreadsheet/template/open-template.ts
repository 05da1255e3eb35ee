// Opens a base64 .xlsx template far enough to know its sheets and names:
// the zip's directory and xl/workbook.xml only, so it can run per request.
import JSZip from 'jszip';
import { AppError } from '../../../../core/errors.ts';
import { readPart, workbookPart, worksheets, type SheetEntry } from '../ooxml/package.ts';
import { parseDefinedNames, type DefinedName } from './defined-names.ts';

export interface OpenTemplate {
  zip: JSZip;
  workbook: string;
  workbookXml: string;
  sheets: SheetEntry[];
  names: DefinedName[];
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MAIN_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';

const notXlsx = (why: string) => new AppError('UNSUPPORTED_FORMAT', `template_file: ${why}`, { field: 'template_file' });

export function decodeBase64(text: string): Buffer {
  const compact = text.replace(/\s+/g, '');
  if (!compact || compact.length % 4 !== 0 || !BASE64.test(compact)) throw notXlsx('is not base64 text');
  return Buffer.from(compact, 'base64');
}

export async function openTemplate(base64: string): Promise<OpenTemplate> {
  const bytes = decodeBase64(base64);
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(bytes);
  } catch {
    throw notXlsx('is not an .xlsx file (not a zip package)');
  }
  const workbook = await workbookPart(zip).catch(() => null);
  const types = await readPart(zip, '[Content_Types].xml');
  if (!workbook || !types || !zip.file(workbook)) throw notXlsx('is not an .xlsx file (no workbook part)');
  if (!types.includes(`PartName="/${workbook}" ContentType="${MAIN_XLSX}"`)) {
    throw notXlsx('is not an .xlsx workbook (macro-enabled, template or another Office format)');
  }
  const workbookXml = (await readPart(zip, workbook))!;
  const sheets = await worksheets(zip, workbook, workbookXml);
  return { zip, workbook, workbookXml, sheets, names: parseDefinedNames(workbookXml, sheets) };
}
