// The UI's API: one line an address, each parsing its fields and calling the app once.
import { writeFile } from 'node:fs/promises';
import type http from 'node:http';
import { join } from 'node:path';
import type { DesktopApp } from '../../app.ts';
import { exportWorkbook } from '../../export/workbook.ts';
import { sketchOf, type SketchCache } from '../../picture/sketch.ts';
import { checkFolder, FolderError, listFolders, openFolder } from '../../settings/folders.ts';
import { body, HttpError, MAX_RECORD_BYTES, str } from './http.ts';

export type Route = (req: http.IncomingMessage, url: URL) => Promise<unknown>;

/** Every API address but the event stream and the audit download: `METHOD /path` → what it answers. */
export function apiRoutes(app: DesktopApp, sketches: SketchCache): Record<string, Route> {
  return {
    'GET /api/state': async () => app.snapshot(),
    'POST /api/sign-in': async () => app.startSignIn(),
    'POST /api/sign-in/cancel': async () => app.cancelSignIn(),
    'POST /api/logout': async () => app.logout(),
    'POST /api/client/start': async () => app.bridge.start(),
    'POST /api/client/stop': async () => app.bridge.stop(),
    'POST /api/client/restart': async () => app.bridge.restart(),
    'GET /api/agents': async () => app.chat.agents(),
    'GET /api/usage': async () => app.chat.usage(),
    'GET /api/conversation': async (_req, url) => app.chat.conversation(str(url.searchParams.get('id'), 'id', 128)!),
    'GET /api/conversations': async (_req, url) =>
      app.chat.conversations(
        str(url.searchParams.get('search'), 'search', 200, true),
        50,
        str(url.searchParams.get('after'), 'after', 64, true),
      ),
    'POST /api/conversations/rename': async (req) => {
      const b = await body(req);
      return app.chat.rename(str(b.conversationId, 'conversationId', 128)!, str(b.title, 'title', 200)!);
    },
    'GET /api/runs/working': async () => app.chat.working(),
    'GET /api/picture': async (_req, url) => {
      const id = str(url.searchParams.get('id'), 'id', 128)!;
      const c = await app.chat.conversation(id);
      return c ? sketches.sketch(id, c.messages) : null;
    },
    'POST /api/chat/send': async (req) => {
      const b = await body(req);
      const sent = await app.chat.send(
        {
          conversationId: str(b.conversationId, 'conversationId', 128, true),
          agentId: str(b.agentId, 'agentId', 128)!,
          content: str(b.content, 'content')!,
        },
        await app.chatSettings(),
      );
      app.setWorkingFolder({ conversationId: sent.conversation.id });
      return sent;
    },
    'POST /api/chat/stop': async (req) =>
      app.chat.cancel(str((await body(req)).conversationId, 'conversationId', 128)!),
    'POST /api/chat/open': async (req) => {
      // Reopening a conversation: its sandbox becomes the working folder, and its runs are followed.
      const id = str((await body(req)).conversationId, 'conversationId', 128)!;
      app.setWorkingFolder({ conversationId: id });
      app.chat.watch(id);
    },
    'GET /api/folders': async (_req, url) => listFolders(str(url.searchParams.get('path'), 'path', 1024, true)),
    'POST /api/folders/check': async (req) => {
      const b = await body(req);
      return checkFolder(str(b.path, 'path', 1024)!, { writable: b.writable !== false });
    },
    'POST /api/folders/open': async (req) => {
      const checked = await checkFolder(str((await body(req)).path, 'path', 1024)!, { writable: false });
      if (!checked.ok) throw new FolderError(checked.reason);
      openFolder(checked.path);
    },
    'POST /api/client/retry': async () => app.bridge.retryNow(),
    'POST /api/export/record': async (req) => {
      // The page builds the record (it has the rendered picture); the app saves it in the working folder.
      const b = await body(req, MAX_RECORD_BYTES);
      const name = `${
        str(b.title, 'title', 200)!
          .replace(/[\\/:*?"<>|]+/g, ' ')
          .trim()
          .slice(0, 80) || 'conversation'
      } - calculation record.html`;
      const file = join(app.currentWorkingFolder(), name);
      await writeFile(file, str(b.html, 'html', MAX_RECORD_BYTES)!);
      return { path: file };
    },
    'POST /api/export/xlsx': async (req) => {
      const c = await app.chat.conversation(str((await body(req)).conversationId, 'conversationId', 128)!);
      if (!c) throw new HttpError(404, 'NOT_FOUND', 'that conversation no longer exists');
      return {
        path: await exportWorkbook(app.api, {
          title: c.title,
          sketch: await sketchOf(c.messages),
          messages: c.messages,
          folder: app.currentWorkingFolder(),
        }),
      };
    },
    'POST /api/chat/resume': async (req) =>
      app.chat.resume(str((await body(req)).conversationId, 'conversationId', 128)!),
    'POST /api/chat/retry': async (req) =>
      app.chat.retry(str((await body(req)).conversationId, 'conversationId', 128)!),
    'POST /api/chat/new': async () => app.setWorkingFolder({ conversationId: null }),
    'POST /api/working-folder': async (req) => {
      const b = await body(req);
      if (b.mode !== 'chat' && b.mode !== 'project') throw new HttpError(422, 'UNPROCESSABLE', 'mode: chat or project');
      return app.setWorkingFolder({ mode: b.mode });
    },
    'PATCH /api/settings': async (req) => app.updateSettings(await body(req)),
    'POST /api/settings/reset': async () => app.resetConfiguration(),
    'POST /api/programs/refresh': async () => app.refreshDetection(),
    'POST /api/updates/check': async () => app.updater.check(),
    'POST /api/updates/install': async () => app.updateNow(),
    'POST /api/python/download': async () => app.downloadPython(),
    'POST /api/confirm': async (req) => {
      const b = await body(req);
      if (!app.confirmations.answer(str(b.id, 'id', 64)!, b.yes === true))
        throw new HttpError(404, 'NOT_FOUND', 'id: no such question is open');
    },
    'POST /api/quit': async () => ({ quitting: await app.quit() }),
    // Safety: the engineer's answer to a change preview, and the audit logs by conversation.
    'POST /api/approvals/answer': async (req) => {
      const b = await body(req);
      if (typeof b.approve !== 'boolean') throw new HttpError(422, 'UNPROCESSABLE', 'approve: true or false');
      if (!app.approvals.answer(str(b.id, 'id', 64)!, b.approve))
        throw new HttpError(404, 'NOT_FOUND', 'id: no such change is waiting for approval');
    },
    'GET /api/audit': async () => app.audit.conversations(),
  };
}

/** GET /api/audit/export?conversation=…&format=jsonl|csv: the conversation's audit log as a download. */
export async function auditExport(app: DesktopApp, res: http.ServerResponse, url: URL) {
  const conversation = str(url.searchParams.get('conversation'), 'conversation', 128)!;
  if (!/^[A-Za-z0-9._-]+$/.test(conversation))
    throw new HttpError(422, 'UNPROCESSABLE', 'conversation: not a conversation id');
  const format = url.searchParams.get('format') ?? 'jsonl';
  if (format !== 'jsonl' && format !== 'csv') throw new HttpError(422, 'UNPROCESSABLE', 'format: jsonl or csv');
  const text = await app.audit.export(conversation, format);
  res.writeHead(200, {
    'content-type': format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8',
    'content-disposition': `attachment; filename="audit-${conversation}.${format}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(text);
}
