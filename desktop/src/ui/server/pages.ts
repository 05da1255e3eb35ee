// The page itself: index.html with a per-response nonce under a strict Content-Security-Policy,
// and its own scripts and styles (and the libraries it loads), each from a fixed list.
import { randomBytes } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import type http from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asset, packaged } from '../../runtime/packaged.ts';

const WEB = packaged ? '' : join(dirname(fileURLToPath(import.meta.url)), '..', 'web');
const require = createRequire(import.meta.url);
/** The page's files: from the source tree, or the executable's assets when packaged (key = the URL path). */
export const PAGE_ASSETS = 'page-assets';
const readPageFile = async (url: string, file: () => string) => (packaged ? asset(url) : readFile(file()));

type PageFile = { file: () => string; type: string };

/** The libraries the page loads, served as their authors ship them (no build step). */
const VENDOR: Record<string, PageFile> = {
  '/vendor/preact.mjs': { file: () => require.resolve('preact'), type: 'text/javascript' },
  '/vendor/hooks.mjs': { file: () => require.resolve('preact/hooks'), type: 'text/javascript' },
  '/vendor/htm.mjs': { file: () => join(dirname(require.resolve('htm')), 'htm.mjs'), type: 'text/javascript' },
  '/vendor/marked.mjs': {
    file: () => join(dirname(require.resolve('marked')), 'marked.esm.js'),
    type: 'text/javascript',
  },
  '/vendor/purify.mjs': {
    file: () => join(dirname(require.resolve('dompurify')), 'purify.es.mjs'),
    type: 'text/javascript',
  },
};
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.css': 'text/css' };

/** The page's own files: every .js and .css under web/, listed once (a path not in the list is not served, so no traversal). */
export async function pageFiles(): Promise<Record<string, PageFile>> {
  if (packaged) {
    const urls: string[] = JSON.parse(asset(PAGE_ASSETS).toString('utf8'));
    return Object.fromEntries(
      urls.map((u) => [u, { file: () => u, type: u.endsWith('.css') ? 'text/css' : 'text/javascript' }]),
    );
  }
  const files: Record<string, PageFile> = { ...VENDOR };
  for (const entry of await readdir(WEB, { recursive: true })) {
    const type = TYPES[entry.slice(entry.lastIndexOf('.'))];
    if (type) files[`/static/${entry.split('\\').join('/')}`] = { file: () => join(WEB, entry), type };
  }
  return files;
}

/** One of the page's files, by its URL path. */
export async function servePageFile(res: http.ServerResponse, path: string, file: PageFile) {
  res.writeHead(200, {
    'content-type': `${file.type}; charset=utf-8`,
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  });
  res.end(await readPageFile(path, file.file));
}

export async function indexPage(res: http.ServerResponse) {
  const nonce = randomBytes(16).toString('base64');
  const html = (await readPageFile('/index.html', () => join(WEB, 'index.html')))
    .toString('utf8')
    .replaceAll('{{nonce}}', nonce);
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': `default-src 'none'; script-src 'self' 'nonce-${nonce}'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  res.end(html);
}
