// The code library catalogue: checked-in data, seeded into the database.
import fs from 'node:fs';
import { z } from 'zod';
import type { Database } from '../../core/db/client.ts';

export const DESIGN_STANDARDS = ['us', 'eurocode', 'aus-nz', 'canada'] as const;
export type DesignStandard = (typeof DESIGN_STANDARDS)[number];

export interface CodeEntry {
  fileId: string;
  filename: string;
  description: string;
  designStandard: DesignStandard;
  path: string;
  addedAt: number;
}

/** A catalogue entry as stored, with the state of its search index. */
export interface IndexedCodeEntry extends CodeEntry {
  indexStatus: 'not_indexed' | 'indexed' | 'no_text';
  pageCount: number | null;
  passageCount: number | null;
}

const entrySchema = z.object({
  file_id: z.string().regex(/^[a-z0-9-]+$/),
  filename: z.string().min(1),
  description: z.string().min(1),
  design_standard: z.enum(DESIGN_STANDARDS),
  path: z.string().min(1),
  added_at: z.number(),
});

/** Reads and checks the catalogue file; a malformed catalogue stops the start with the offending entry named. */
export function readCatalogue(file: URL): CodeEntry[] {
  const entries = z.array(entrySchema).parse(JSON.parse(fs.readFileSync(file, 'utf8')));
  return entries.map((e) => ({
    fileId: e.file_id,
    filename: e.filename,
    description: e.description,
    designStandard: e.design_standard,
    path: e.path,
    addedAt: e.added_at,
  }));
}

/** Makes the public catalogue equal to `entries` (accounts' private documents are theirs, and stay). */
export async function seedCodes(db: Database, entries: CodeEntry[]): Promise<void> {
  await db.$transaction([
    db.codeEntry.deleteMany({ where: { accountId: null, fileId: { notIn: entries.map((e) => e.fileId) } } }),
    ...entries.map((e) => db.codeEntry.upsert({ where: { fileId: e.fileId }, create: e, update: e })),
  ]);
}

export async function listCodes(db: Database, standard?: DesignStandard | null): Promise<IndexedCodeEntry[]> {
  const rows = await db.codeEntry.findMany({
    where: { accountId: null, ...(standard ? { designStandard: standard } : {}) },
    orderBy: { addedAt: 'asc' },
  });
  return rows as IndexedCodeEntry[];
}

/** Batch read for entity references: one query, answers in the order of `ids`. */
export async function loadCodes(db: Database, ids: readonly string[]): Promise<(CodeEntry | null)[]> {
  const rows = await db.codeEntry.findMany({ where: { accountId: null, fileId: { in: [...ids] } } });
  const byId = new Map(rows.map((r) => [r.fileId, r as CodeEntry]));
  return ids.map((id) => byId.get(id) ?? null);
}

/** A stored entry as search reads it: the catalogue's fields and the names the document prints for itself. */
export function catalogueEntryOf(row: {
  fileId: string;
  filename: string;
  description: string;
  designStandard: string;
  designations: unknown;
}) {
  const designations = Array.isArray(row.designations)
    ? row.designations.filter((d): d is string => typeof d === 'string')
    : [];
  return {
    fileId: row.fileId,
    filename: row.filename,
    description: row.description,
    designStandard: row.designStandard,
    designations,
  };
}
