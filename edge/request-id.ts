// Every response carries X-Request-Id (the caller's when sent) and every
// request is logged as one JSON line with that id.
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Logger } from 'pino';

const VALID_ID = /^[A-Za-z0-9._:-]{1,128}$/;

declare module 'express-serve-static-core' {
  interface Request {
    requestId: string;
  }
}

export function requestId(log: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.get('x-request-id');
    const id = given && VALID_ID.test(given) ? given : randomUUID();
    req.requestId = id;
    res.setHeader('X-Request-Id', id);
    // The level is asked before anything is built for the line: with access lines off, a request costs no listener.
    if (log.isLevelEnabled('info')) {
      const started = performance.now();
      res.once('finish', () => {
        log.info(
          {
            reqId: id,
            method: req.method,
            url: req.originalUrl,
            status: res.statusCode,
            ms: Math.round((performance.now() - started) * 100) / 100,
          },
          'request',
        );
      });
    }
    next();
  };
}
