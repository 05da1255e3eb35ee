// The desktop client's update source: GET /desktop/latest describes the current release and
// GET /desktop/download/<file> serves its package. The operator publishes a release by putting
// the package and a manifest beside it in DATA_DIR/desktop-release/ (latest.json: version, file,
// sha256, size, notes). Public (the client checks before and after sign-in) and on the
// per-address budget, like the OAuth endpoints. Only the file the manifest names is served.
// The manifest is the operator's file: one that is not JSON or not the shape below means no
// release is published (404), and is logged for the operator (once per version of the file).
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import express, { type Router } from 'express';
import { z } from 'zod';
import { AppError } from '../core/errors.ts';
import type { Platform } from '../core/platform.ts';
import { clientAddress } from '../edge/context.ts';
import { sendError } from '../edge/render-error.ts';
import { hostedErrorResponse, jsonResponse, publicOperation } from './openapi-parts.ts';

const Manifest = z.object({
  version: z.string().regex(/^\d+(\.\d+){0,3}$/),
  file: z.string().regex(/^[A-Za-z0-9._-]{1,200}$/),
  sha256: z.string().regex(/^[0-9a-f]{64}$/i),
  size: z.int().positive(),
  notes: z.string().max(10_000).optional(),
});

/** The manifest as the operator wrote it, or what is wrong with it. */
export function parseManifest(
  raw: string,
): { ok: true; manifest: z.infer<typeof Manifest> } | { ok: false; problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (err) {
    return { ok: false, problem: `not JSON: ${(err as Error).message}` };
  }
  const parsed = Manifest.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, problem: `${issue.path.join('.') || 'manifest'}: ${issue.message}` };
  }
  return { ok: true, manifest: parsed.data };
}

export function desktopReleaseRouter(platform: Platform): Router {
  const router = express.Router();
  const dir = path.join(platform.config.dataDir, 'desktop-release');

  const file = path.join(dir, 'latest.json');
  let reported: string | null = null;

  async function manifest() {
    const raw = await readFile(file, 'utf8').catch(() => null);
    if (raw === null) throw new AppError('NOT_FOUND', 'No desktop release is published');
    const parsed = parseManifest(raw);
    if (!parsed.ok) {
      if (reported !== raw) {
        reported = raw;
        platform.log.warn(
          { file, problem: parsed.problem },
          'the desktop release manifest is not valid: answering "no release published" until it is fixed',
        );
      }
      throw new AppError('NOT_FOUND', 'No desktop release is published');
    }
    return parsed.manifest;
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
      res.set('cache-control', 'no-store').json({
        version: m.version,
        url: `/desktop/download/${m.file}`,
        sha256: m.sha256,
        size: m.size,
        ...(m.notes ? { notes: m.notes } : {}),
      });
    } catch (err) {
      sendError(res, err);
    }
  });

  router.get('/download/:file', async (req, res) => {
    try {
      const m = await manifest();
      if (req.params.file !== m.file) throw new AppError('NOT_FOUND', `No package ${req.params.file}`);
      const pkg = path.join(dir, m.file);
      const info = await stat(pkg).catch(() => null);
      if (!info?.isFile()) throw new AppError('NOT_FOUND', `No package ${m.file}`);
      res.set({
        'content-type': 'application/octet-stream',
        'content-length': String(info.size),
        'cache-control': 'no-store',
      });
      createReadStream(pkg).pipe(res);
    } catch (err) {
      sendError(res, err);
    }
  });
  return router;
}

// The two routes as OpenAPI 3.1 paths for /openapi.json (express routes, not route-table
// entries, so their contract is written beside them, as the OAuth endpoints' is; the shared
// pieces are in gateway/openapi-parts.ts).
export const DESKTOP_RELEASE_OPENAPI_PATHS: Record<string, Record<string, object>> = {
  '/desktop/latest': {
    get: {
      ...publicOperation('desktop'),
      summary: "The desktop client's current release (the client's update check; public, per-address budget)",
      responses: {
        '200': jsonResponse('The release (Cache-Control: no-store)', {
          type: 'object',
          required: ['version', 'url', 'sha256', 'size'],
          properties: {
            version: { type: 'string', pattern: '^\\d+(\\.\\d+){0,3}$' },
            url: { type: 'string', description: '/desktop/download/<file>' },
            sha256: { type: 'string', pattern: '^[0-9a-fA-F]{64}$' },
            size: { type: 'integer', minimum: 1 },
            notes: { type: 'string' },
          },
        }),
        '404': hostedErrorResponse('No release is published (no manifest, or one that is not valid)'),
        '429': hostedErrorResponse('Over the per-address budget (Retry-After header)'),
      },
    },
  },
  '/desktop/download/{file}': {
    get: {
      ...publicOperation('desktop'),
      summary: 'The package the current release names (any other file name is 404)',
      parameters: [{ name: 'file', in: 'path', required: true, schema: { type: 'string' } }],
      responses: {
        '200': {
          description: 'The package bytes',
          content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
        },
        '404': hostedErrorResponse('No release is published, or the file is not the one it names'),
        '429': hostedErrorResponse('Over the per-address budget (Retry-After header)'),
      },
    },
  },
};
