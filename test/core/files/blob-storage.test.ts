import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { createDiskStorage } from '../../../core/files/blob-storage.ts';
import { readStream } from '../../../core/files/read-stream.ts';

const dirs: string[] = [];
const tempRoot = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blob-storage-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

// Two requests uploading the same drawing at once store it under the same content-addressed key
// (drawings/<account>/<sha256>.pdf). With one temporary name per process, the second rename found
// the file already moved away and the upload answered 500 (the fuzz's pdf-inherited#11, issue 29).
it('stores one key written by many puts at once, each put succeeding and leaving no temporary file', async () => {
  const root = tempRoot();
  const blobs = createDiskStorage(root);
  const data = new Uint8Array(256 * 1024).fill(7);
  const puts = await Promise.allSettled(Array.from({ length: 8 }, () => blobs.put('drawings/a/same.pdf', data)));
  expect(puts.filter((p) => p.status === 'rejected')).toEqual([]);
  expect(fs.readdirSync(path.join(root, 'drawings/a'))).toEqual(['same.pdf']);
  expect(Buffer.compare(await readStream(blobs.read('drawings/a/same.pdf'), Infinity), Buffer.from(data))).toBe(0);
});

it('refuses a key that leaves the root', async () => {
  const blobs = createDiskStorage(tempRoot());
  await expect(blobs.put('../out.pdf', new Uint8Array(1))).rejects.toThrow(/unsafe storage key/);
});
