// Folders the user picks (working directories, the formatting standards folder): the picker's
// listing, the check a picked folder must pass, "Open folder", and the formatting standards the
// agent is given. The picker is the app's own (a browser page cannot open the system's folder
// dialog and learn the path), listing folders through the core.
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, readdir, readFile, stat } from 'node:fs/promises';
import { homedir } from 'node:os';
import { basename, dirname, extname, isAbsolute, join, resolve } from 'node:path';

/** Folders one listing shows: a folder with more is shown cut, with a note. */
export const MAX_LISTED = 500;
/** Characters of formatting standards sent with a message (the platform's bound, subgraphs/agents/runs/input.ts). */
export const MAX_FORMATTING_CHARS = 20_000;
/** Files read as formatting standards: plain text the agent can read as it is. */
const STANDARD_FILES = new Set(['.md', '.txt', '.markdown']);

export type FolderCheck = { ok: true; path: string } | { ok: false; reason: string };

/** A picked folder must exist, be a folder and be writable (the programs save models there). */
export async function checkFolder(raw: string, options: { writable?: boolean } = {}): Promise<FolderCheck> {
  const path = raw.trim();
  if (!path) return { ok: false, reason: 'Choose a folder.' };
  if (!isAbsolute(path)) return { ok: false, reason: 'Give the full path of the folder, starting from the drive.' };
  const info = await stat(path).catch(() => null);
  if (!info) return { ok: false, reason: `There is no folder at ${path}.` };
  if (!info.isDirectory()) return { ok: false, reason: `${path} is a file, not a folder.` };
  if (options.writable !== false) {
    const writable = await access(path, constants.W_OK).then(
      () => true,
      () => false,
    );
    if (!writable) return { ok: false, reason: `You cannot save files in ${path}. Choose a folder you can write to.` };
  }
  return { ok: true, path: resolve(path) };
}

export interface FolderListing {
  path: string | null;
  parent: string | null;
  folders: { name: string; path: string }[];
  truncated: boolean;
}

/** The folders inside `path`; without one, the drives on Windows and the home folder elsewhere. */
export async function listFolders(
  path: string | null,
  platform: NodeJS.Platform = process.platform,
): Promise<FolderListing> {
  if (!path) {
    if (platform === 'win32') {
      const letters = 'CDEFGHIJKLMNOPQRSTUVWXYZ'.split('');
      const drives = (
        await Promise.all(letters.map(async (l) => ((await stat(`${l}:\\`).catch(() => null)) ? `${l}:\\` : null)))
      ).filter((d): d is string => !!d);
      return { path: null, parent: null, folders: drives.map((d) => ({ name: d, path: d })), truncated: false };
    }
    path = homedir();
  }
  const checked = await checkFolder(path, { writable: false });
  if (!checked.ok) throw new FolderError(checked.reason);
  const entries = await readdir(checked.path, { withFileTypes: true }).catch(() => {
    throw new FolderError(`The app cannot read ${checked.path}.`);
  });
  const folders = entries
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && !e.name.startsWith('$'))
    .map((e) => e.name)
    .sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true }));
  const parent = dirname(checked.path);
  return {
    path: checked.path,
    parent: parent === checked.path ? null : parent,
    folders: folders.slice(0, MAX_LISTED).map((name) => ({ name, path: join(checked.path, name) })),
    truncated: folders.length > MAX_LISTED,
  };
}

export class FolderError extends Error {}

/** The folder's text files (.md, .txt) as the agent reads them: each under its file name, cut at MAX_FORMATTING_CHARS. */
export async function readFormattingStandards(
  folder: string,
): Promise<{ text: string; files: string[]; truncated: boolean } | null> {
  const checked = await checkFolder(folder, { writable: false });
  if (!checked.ok) return null;
  const names = (await readdir(checked.path, { withFileTypes: true }))
    .filter((e) => e.isFile() && STANDARD_FILES.has(extname(e.name).toLowerCase()))
    .map((e) => e.name)
    .sort();
  let text = '';
  const files: string[] = [];
  let truncated = false;
  for (const name of names) {
    const room = MAX_FORMATTING_CHARS - text.length;
    if (room <= 0) {
      truncated = true;
      break;
    }
    const body = (await readFile(join(checked.path, name), 'utf8').catch(() => '')).trim();
    if (!body) continue;
    const part = `${text ? '\n\n' : ''}## ${basename(name)}\n${body}`;
    if (part.length > room) truncated = true;
    text += part.slice(0, room);
    files.push(name);
  }
  return { text, files, truncated };
}

/** "Open folder": the system's file manager at the folder. */
export function openFolder(path: string, platform: NodeJS.Platform = process.platform): void {
  const [cmd, args] =
    platform === 'win32' ? ['explorer.exe', [path]] : platform === 'darwin' ? ['open', [path]] : ['xdg-open', [path]];
  const child = spawn(cmd, args, { stdio: 'ignore', detached: true });
  child.on('error', () => undefined);
  child.unref();
}
