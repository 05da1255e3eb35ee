// Conversations, their messages and runs in the platform database. Every read is scoped to the
// caller's account: another account's conversation is not found.
import { randomUUID } from 'node:crypto';
import type { Database } from '../../core/db/client.ts';
import { AppError } from '../../core/errors.ts';
import type { ChatMessage, ChatToolCall } from './llm.ts';

export type RunStatus =
  'thinking' | 'calling_tool' | 'waiting_for_desktop' | 'paused' | 'done' | 'interrupted' | 'stopped';
export const ACTIVE_STATUSES: readonly RunStatus[] = ['thinking', 'calling_tool', 'waiting_for_desktop'];

export interface Conversation {
  id: string;
  accountId: string;
  agentId: string;
  title: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface Run {
  id: string;
  conversationId: string;
  accountId: string;
  status: RunStatus;
  steps: number;
  stepLimit: number;
  reasonCode: string | null;
  reason: string | null;
  promptTokens: number;
  completionTokens: number;
  toolCalls: number;
  costUsd: number;
  startedAt: Date;
  endedAt: Date | null;
}

export interface StoredMessage {
  id: string;
  role: 'user' | 'assistant' | 'tool';
  content: string | null;
  toolCalls: ChatToolCall[] | null;
  toolCallId: string | null;
  runId: string | null;
  createdAt: Date;
}

export interface NewMessage {
  role: StoredMessage['role'];
  content: string | null;
  toolCalls?: ChatToolCall[];
  toolCallId?: string;
  runId: string | null;
}

/** A message in chat-completions form. */
export function chatMessage(m: Pick<StoredMessage, 'role' | 'content' | 'toolCalls' | 'toolCallId'>): ChatMessage {
  if (m.role === 'tool') return { role: 'tool', content: m.content ?? '', tool_call_id: m.toolCallId ?? '' };
  if (m.role === 'assistant')
    return { role: 'assistant', content: m.content, ...(m.toolCalls?.length ? { tool_calls: m.toolCalls } : {}) };
  return { role: 'user', content: m.content ?? '' };
}

const run = (row: Record<string, unknown>): Run => ({ ...(row as unknown as Run), status: row.status as RunStatus });

/** Conversations, each an account's: created, renamed, read, listed (newest first, by title). */
function conversationsOf(db: Database) {
  return {
    async createConversation(accountId: string, agentId: string, title = ''): Promise<Conversation> {
      return db.conversation.create({ data: { id: randomUUID(), accountId, agentId, title } });
    },

    async renameConversation(accountId: string, id: string, title: string): Promise<Conversation> {
      await this.conversation(accountId, id);
      return db.conversation.update({ where: { id }, data: { title } });
    },

    /** The account's conversation; CONVERSATION_NOT_FOUND for an unknown id or another account's. */
    async conversation(accountId: string, id: string): Promise<Conversation> {
      const row = await db.conversation.findUnique({ where: { id } });
      if (!row || row.accountId !== accountId)
        throw new AppError('CONVERSATION_NOT_FOUND', `Conversation ${id} not found`, { conversation_id: id });
      return row;
    },

    /**
     * A window of the account's conversations, newest first: `limit` of them from `offset`. With
     * `search`, only those whose title holds it, case-insensitively. The match runs here, over the
     * account's titles, because SQLite's LIKE and PostgreSQL's ILIKE do not agree on case beyond
     * ASCII and Prisma offers `mode: 'insensitive'` on PostgreSQL only.
     */
    async listConversations(
      accountId: string,
      offset: number,
      limit: number,
      search?: string | null,
    ): Promise<Conversation[]> {
      const orderBy = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];
      if (!search) return db.conversation.findMany({ where: { accountId }, orderBy, skip: offset, take: limit });
      const needle = search.toLocaleLowerCase();
      const titles = await db.conversation.findMany({
        where: { accountId },
        orderBy,
        select: { id: true, title: true },
      });
      const ids = titles
        .filter((t) => t.title.toLocaleLowerCase().includes(needle))
        .slice(offset, offset + limit)
        .map((t) => t.id);
      const rows = await db.conversation.findMany({ where: { id: { in: ids } } });
      const byId = new Map(rows.map((r) => [r.id, r]));
      return ids.map((id) => byId.get(id)!).filter(Boolean);
    },
  };
}

/** A conversation's messages in order (seq), and its history as the model reads it. */
function messagesOf(db: Database) {
  return {
    async appendMessage(conversationId: string, message: NewMessage): Promise<void> {
      // One run at a time writes a conversation (runs.ts serialises them), so max + 1 is free.
      await this.appendMessages(conversationId, await this.lastSeq(conversationId), [message]);
    },

    async lastSeq(conversationId: string): Promise<number> {
      const last = await db.conversationMessage.findFirst({
        where: { conversationId },
        orderBy: { seq: 'desc' },
        select: { seq: true },
      });
      return last?.seq ?? 0;
    },

    /** Appends messages after `afterSeq` (the conversation's last, which the caller holds); answers the new last seq. */
    async appendMessages(conversationId: string, afterSeq: number, messages: NewMessage[]): Promise<number> {
      if (!messages.length) return afterSeq;
      await db.$transaction([
        db.conversationMessage.createMany({
          data: messages.map((m, i) => ({
            id: randomUUID(),
            conversationId,
            seq: afterSeq + i + 1,
            role: m.role,
            content: m.content,
            toolCalls: m.toolCalls ? (m.toolCalls as never) : undefined,
            toolCallId: m.toolCallId ?? null,
            runId: m.runId,
          })),
        }),
        db.conversation.updateMany({ where: { id: conversationId }, data: { updatedAt: new Date() } }),
      ]);
      return afterSeq + messages.length;
    },

    async messages(conversationId: string, last?: number): Promise<StoredMessage[]> {
      const rows = await db.conversationMessage.findMany({
        where: { conversationId },
        orderBy: { seq: 'desc' },
        ...(last ? { take: last } : {}),
      });
      return rows.reverse().map((r) => ({
        ...r,
        role: r.role as StoredMessage['role'],
        toolCalls: (r.toolCalls as ChatToolCall[] | null) ?? null,
      }));
    },

    /** The history in chat-completions form, and the last message's seq (appendMessages continues from it). */
    async history(conversationId: string): Promise<{ messages: ChatMessage[]; lastSeq: number }> {
      const rows = await db.conversationMessage.findMany({ where: { conversationId }, orderBy: { seq: 'asc' } });
      return {
        messages: rows.map((r) =>
          chatMessage({ ...r, role: r.role as StoredMessage['role'], toolCalls: r.toolCalls as ChatToolCall[] | null }),
        ),
        lastSeq: rows.at(-1)?.seq ?? 0,
      };
    },

    /** Takes back what an interrupted run wrote (its answers and tool results), keeping the user's messages. */
    async dropRunOutput(runId: string): Promise<void> {
      await db.conversationMessage.deleteMany({ where: { runId, role: { in: ['assistant', 'tool'] } } });
    },
  };
}

/** Runs of a conversation: their settled statuses, tokens, steps and the platform work they bought. */
function runsOf(db: Database) {
  return {
    async createRun(accountId: string, conversationId: string, stepLimit: number, owner: string): Promise<Run> {
      return run(
        await db.agentRun.create({
          data: { id: randomUUID(), accountId, conversationId, status: 'thinking', stepLimit, owner },
        }),
      );
    },

    async updateRun(
      id: string,
      data: Partial<Pick<Run, 'status' | 'steps' | 'stepLimit' | 'reasonCode' | 'reason' | 'endedAt'>> & {
        addTokens?: { prompt: number; completion: number; costUsd: number };
        addToolCalls?: number;
      },
    ): Promise<Run> {
      const { addTokens, addToolCalls, ...rest } = data;
      return run(
        await db.agentRun.update({
          where: { id },
          data: {
            ...rest,
            ...(addTokens
              ? {
                  promptTokens: { increment: addTokens.prompt },
                  completionTokens: { increment: addTokens.completion },
                  costUsd: { increment: addTokens.costUsd },
                }
              : {}),
            ...(addToolCalls ? { toolCalls: { increment: addToolCalls } } : {}),
          },
        }),
      );
    },

    /** Priced platform work of a run: one item per kind, and the run's cost raised by it (usage sums run costs). */
    async recordPlatformWork(
      run: Pick<Run, 'id' | 'accountId'>,
      items: { kind: string; units: number; costUsd: number }[],
    ): Promise<Run> {
      const total = items.reduce((sum, i) => sum + i.costUsd, 0);
      const [, updated] = await db.$transaction([
        db.agentUsageItem.createMany({
          data: items.map((i) => ({ id: randomUUID(), accountId: run.accountId, runId: run.id, ...i })),
        }),
        db.agentRun.update({ where: { id: run.id }, data: { costUsd: { increment: total } } }),
      ]);
      return updated as unknown as Run;
    },

    async platformWorkSince(
      accountId: string,
      since: Date,
    ): Promise<{ kind: string; units: number; costUsd: number }[]> {
      const groups = await db.agentUsageItem.groupBy({
        by: ['kind'],
        where: { accountId, createdAt: { gte: since } },
        _sum: { units: true, costUsd: true },
        orderBy: { kind: 'asc' },
      });
      return groups.map((g) => ({ kind: g.kind, units: g._sum.units ?? 0, costUsd: g._sum.costUsd ?? 0 }));
    },

    async latestRun(conversationId: string): Promise<Run | null> {
      const row = await db.agentRun.findFirst({
        where: { conversationId },
        orderBy: [{ startedAt: 'desc' }, { id: 'desc' }],
      });
      return row ? run(row) : null;
    },

    /** Runs left working by this slot's previous process: they cannot go on (their model call and tool calls were in memory), and nothing else will finish them. */
    async interruptOrphans(owner: string): Promise<number> {
      const { count } = await db.agentRun.updateMany({
        where: { status: { in: [...ACTIVE_STATUSES] }, owner },
        data: {
          status: 'interrupted',
          reasonCode: 'RUN_INTERRUPTED',
          reason: 'the server restarted during the run',
          endedAt: new Date(),
        },
      });
      return count;
    },
  };
}

/** An account's credits per period: reserved before a model call, settled after; its usage. */
function creditsOf(db: Database) {
  return {
    /**
     * The account's credit row of a period, made on first use with what its runs already spent in
     * it (`spent`, read only then). Two first uses at once: one creates it, the other's duplicate is ignored.
     */
    async ensureCredit(accountId: string, periodStart: Date, spent: () => Promise<number>): Promise<void> {
      if (
        await db.agentCredit.findUnique({
          where: { accountId_periodStart: { accountId, periodStart } },
          select: { accountId: true },
        })
      )
        return;
      const used = await spent();
      try {
        await db.agentCredit.create({ data: { accountId, periodStart, spentUsd: used, committedUsd: used } });
      } catch (err) {
        if ((err as { code?: string }).code !== 'P2002') throw err;
      }
    },

    /** Adds `amountUsd` to the reserved credits if spent + reserved is still under `limitUsd`, in one conditional UPDATE (atomic on both engines); false when it is not. */
    async reserveCredit(accountId: string, periodStart: Date, amountUsd: number, limitUsd: number): Promise<boolean> {
      const { count } = await db.agentCredit.updateMany({
        where: { accountId, periodStart, committedUsd: { lt: limitUsd } },
        data: { reservedUsd: { increment: amountUsd }, committedUsd: { increment: amountUsd } },
      });
      return count === 1;
    },

    /** Releases a reservation of `reservedUsd` and charges `spentUsd` instead (either may be 0), in one UPDATE. */
    async settleCredit(accountId: string, periodStart: Date, reservedUsd: number, spentUsd: number): Promise<void> {
      await db.agentCredit.updateMany({
        where: { accountId, periodStart },
        data: {
          reservedUsd: { decrement: reservedUsd },
          spentUsd: { increment: spentUsd },
          committedUsd: { increment: spentUsd - reservedUsd },
        },
      });
    },

    async credit(accountId: string, periodStart: Date) {
      return db.agentCredit.findUnique({ where: { accountId_periodStart: { accountId, periodStart } } });
    },

    async usageSince(accountId: string, since: Date) {
      const agg = await db.agentRun.aggregate({
        where: { accountId, startedAt: { gte: since } },
        _sum: { costUsd: true, promptTokens: true, completionTokens: true, toolCalls: true },
        _count: { _all: true },
      });
      return {
        usedUsd: agg._sum.costUsd ?? 0,
        promptTokens: agg._sum.promptTokens ?? 0,
        completionTokens: agg._sum.completionTokens ?? 0,
        toolCalls: agg._sum.toolCalls ?? 0,
        runs: agg._count._all,
      };
    },
  };
}

export function createAgentStore(db: Database) {
  return { ...conversationsOf(db), ...messagesOf(db), ...runsOf(db), ...creditsOf(db) };
}

export type AgentStore = ReturnType<typeof createAgentStore>;
