// Versioned backups of model files, beside them: before the agent changes a model that has a
// file (and before a file is written over), the file as it is on disk is copied to
// `<folder>/.backups/<file name>/v0001-<time>.<ext>`, and `manifest.json` there records each
// version (time, SHA-256, size, conversation, tool, reason). A file whose content was backed
// up already is not copied again, so a conversation's changes cost one copy per saved state.
// (ETABS and SAP2000 write companion files next to the model — analysis results, logs; the
// model file itself is what is kept.)
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, extname, join } from 'node:path';

export interface BackupVersion {
  version: number;
  file: string;
  at: string;
  sha256: string;
  bytes: number;
  source: string;
  conversation: string | null;
  tool: string;
  reason: string;
}

export class BackupStore {
  /** The backup folder of a model file. */
  folderOf(path: string): string {
    return join(dirname(path), '.backups', basename(path));
  }

  async versions(path: string): Promise<BackupVersion[]> {
    try {
      return JSON.parse(await readFile(join(this.folderOf(path), 'manifest.json'), 'utf8')).versions;
    } catch {
      return [];
    }
  }

  /** Backs the file up unless this content is backed up already; null when there is no file. */
  async backup(
    path: string,
    o: { conversation: string | null; tool: string; reason: string },
  ): Promise<BackupVersion | null> {
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    const sha256 = createHash('sha256')
      .update(await readFile(path))
      .digest('hex');
    const versions = await this.versions(path);
    const same = versions.find((v) => v.sha256 === sha256);
    if (same) return same;
    const folder = this.folderOf(path);
    await mkdir(folder, { recursive: true });
    const version = (versions.at(-1)?.version ?? 0) + 1;
    const at = new Date().toISOString();
    const file = join(folder, `v${String(version).padStart(4, '0')}-${at.replace(/[:.]/g, '-')}${extname(path)}`);
    await copyFile(path, file);
    const entry: BackupVersion = {
      version,
      file,
      at,
      sha256,
      bytes: info.size,
      source: path,
      conversation: o.conversation,
      tool: o.tool,
      reason: o.reason,
    };
    await writeFile(
      join(folder, 'manifest.json'),
      JSON.stringify({ source: path, versions: [...versions, entry] }, null, 1),
    );
    return entry;
  }
}
