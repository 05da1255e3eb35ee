// The desktop client's update source: GET /desktop/latest describes the current release and
// GET /desktop/download/<file> serves its package. The operator publishes a release by putting
// the package and a manifest beside it in DATA_DIR/desktop-release/ (latest.json: version, file,
// sha256, size, notes). Public (the client checks before and after sign-in) and on the
// per-address budget, like the OAuth endpoints. Only the file the manifest names is served.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import express, { type Router } from 'express';
import { z } from 'zod';
import { AppError } from '../core/errors.ts';
import type { Platform } from '../core/platform.ts';
import { clientAddress } from '../edge/context.ts';
import { sendError } from '../edge/render-error.ts';

const Manifest = z.object({
  version: z.string().regex(/^\d+(\.\d+){0,3}$/),
  file: z.string().regex(/^[A-Za-z0-9._-]{1,200}$/),
  sha256: z.string().regex(/^[0-9a-f]{64}$/i),
  size: z.int().positive(),
  notes: z.string().max(10_000).optional(),
});

export function desktopReleaseRouter(platform: Platform): Router {
  const router = express.Router();
  const dir = path.join(platform.config.dataDir, 'desktop-release');

  async function manifest() {
    const raw = await readFile(path.join(dir, 'latest.json'), 'utf8').catch(() => null);
    const parsed = raw === null ? null : Manifest.safeParse(JSON.parse(raw));
    if (!parsed?.success) throw new AppError('NOT_FOUND', 'No desktop release is published');
    return parsed.data;
  }

  router.use(async (req, res, next) => {
    try {
      await platform.rateLimits.consume('public', { principal: null, address: clientAddress(req) });
      next();
    } catch (err) {
      sendError(res, err);
    }
  });

  router.get('/latest', async (_req, res) => {
    try {
      const m = await manifest();
      res.set('cache-control', 'no-store').json({ version: m.version, url: `/desktop/download/${m.file}`, sha256: m.sha256, size: m.size, ...(m.notes ? { notes: m.notes } : {}) });
    } catch (err) {
      sendError(res, err);
    }
  });

  router.get('/download/:file', async (req, res) => {
    try {
      const m = await manifest();
      if (req.params.file !== m.file) throw new AppError('NOT_FOUND', `No package ${req.params.file}`);
      const file = path.join(dir, m.file);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) throw new AppError('NOT_FOUND', `No package ${m.file}`);
      res.set({ 'content-type': 'application/octet-stream', 'content-length': String(info.size), 'cache-control': 'no-store' });
      createReadStream(file).pipe(res);
    } catch (err) {
      sendError(res, err);
    }
  });
  return router;
}
