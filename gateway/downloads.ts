// GET /files/<id>/<name>?expires&sig: signed, expiring downloads.
import express from 'express';
import type { Platform } from '../core/platform.ts';
import { sendError } from '../edge/render-error.ts';

export function downloadsRouter(platform: Platform): express.Router {
  const router = express.Router();
  router.get('/:fileId/:name', async (req, res) => {
    try {
      const file = await platform.files.open(req.params.fileId, req.query.expires, req.query.sig);
      res.setHeader('Content-Type', file.contentType);
      res.setHeader('Content-Length', String(file.size));
      res.setHeader(
        'Content-Disposition',
        `attachment; filename="${file.downloadName.replace(/["\\\r\n]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.downloadName)}`,
      );
      res.setHeader('Cache-Control', 'private, no-store');
      file.stream.on('error', (err) => {
        platform.log.error({ err }, 'download stream failed');
        res.destroy(err);
      });
      file.stream.pipe(res);
    } catch (err) {
      sendError(res, err);
    }
  });
  return router;
}
