// The evaluation harness: a whole platform (gateway, agents, bridge) in process, a scripted
// chat-completions model, and this desktop client connected over the real graphql-ws bridge
// with the stand-in for SAP2000 and ETABS behind the safety guard (backups, approvals, audit
// log). A conversation is one sendMessage to an agent; its scripted model decides each step
// from the conversation it is sent (the tool results it has seen), like a model would; the run
// is awaited and its transcript, the model's answer and the audit log come back for checking.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Program, ToolArgs, ToolName, ToolResult } from '@structural-platform/tool-schema';
import { loadConfig } from '../../../core/config.ts';
import { startServer } from '../../../gateway/server.ts';
import { modelEnv, startModelServer, type ModelRequest, type ModelStep } from '../../../test/helpers/model-server.ts';
import type { Adapter } from '../../src/adapters/adapter.ts';
import { StandinFrameAdapter } from '../../src/adapters/standin/adapter.ts';
import { Session } from '../../src/auth/session.ts';
import { BridgeClient } from '../../src/bridge/client.ts';
import { Logger } from '../../src/logs/logger.ts';
import { PlatformApi } from '../../src/platform/api.ts';
import { Approvals, type ApprovalRequest } from '../../src/safety/approvals.ts';
import { AuditLog, type AuditEntry } from '../../src/safety/audit.ts';
import { BackupStore } from '../../src/safety/backups.ts';
import { ToolGuard } from '../../src/safety/guard.ts';

/** A desktop tool call as the model saw it: its tool (without the program prefix), arguments and outcome. */
export interface SeenCallOf<T extends ToolName> {
  tool: T;
  args: ToolArgs<T>;
  /** The tool's answer as the bridge sent it (typed by the tool's result schema, not checked again here). */
  result: ToolResult<T> | null;
  error: { code: string; message: string } | null;
}
export type SeenCall = { [T in ToolName]: SeenCallOf<T> }[ToolName];

/** The last call of this tool among the calls, if any. */
export const lastCall = <T extends ToolName>(calls: readonly SeenCall[], tool: T): SeenCallOf<T> | undefined =>
  calls.findLast((c) => c.tool === tool) as SeenCallOf<T> | undefined;

/** What the scripted model knows when it decides its next step. */
export interface History {
  prompt: string;
  calls: SeenCall[];
  /** The last call of this tool, if any. */
  last<T extends ToolName>(tool: T): SeenCallOf<T> | undefined;
}

export type Policy = (h: History) => ModelStep;

export interface Transcript {
  conversationId: string;
  /** The model's final answer. */
  answer: string;
  calls: SeenCall[];
  audit: AuditEntry[];
  approvals: ApprovalRequest[];
  steps: number;
}

function historyOf(request: ModelRequest): History {
  const messages = request.messages as {
    role: string;
    content: string | null;
    tool_calls?: { id: string; function: { name: string; arguments: string } }[];
    tool_call_id?: string;
  }[];
  const prompt = messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
  const calls: SeenCall[] = [];
  const byId = new Map<string, SeenCall>();
  for (const m of messages) {
    if (m.role === 'assistant') {
      for (const tc of m.tool_calls ?? []) {
        // The model calls the platform's tools, so the name without its program prefix is a ToolName.
        const call = {
          tool: tc.function.name.replace(/^(sap2000|etabs|mathcad)_/, ''),
          args: JSON.parse(tc.function.arguments || '{}'),
          result: null,
          error: null,
        } as SeenCall;
        calls.push(call);
        byId.set(tc.id, call);
      }
    }
    if (m.role === 'tool' && m.tool_call_id) {
      const call = byId.get(m.tool_call_id);
      const body = JSON.parse(m.content ?? 'null');
      if (call)
        body && typeof body === 'object' && 'error' in body && Object.keys(body).length === 1
          ? (call.error = body.error)
          : (call.result = body);
    }
  }
  return { prompt, calls, last: (tool) => lastCall(calls, tool) };
}

/** A tool call step of the scripted model. */
export const call = (program: Program, tool: ToolName, args: unknown): ModelStep => ({
  toolCalls: [{ name: `${program}_${tool}`, arguments: args }],
});

export interface EvalPlatform {
  /** The working directory of a program's stand-in (the engineer's model files). */
  folder(program: Program): string;
  converse(agentId: string, prompt: string, policy: Policy, o?: { maxSteps?: number }): Promise<Transcript>;
  close(): Promise<void>;
}

export async function startEvalPlatform(): Promise<EvalPlatform> {
  const dir = mkdtempSync(join(tmpdir(), 'agent-eval-'));
  const model = await startModelServer();
  const server = await startServer(
    loadConfig({
      ...modelEnv(model),
      PORT: '0',
      MEMORY_PORT: '0',
      LOG_LEVEL: 'silent',
      DATA_DIR: join(dir, 'platform'),
      NODE_ENV: 'development',
      PRO_RATE_PER_MIN: '100000',
      POLLING_RATE_PER_MIN: '100000',
      HEARTBEAT_RATE_PER_MIN: '100000',
      BRIDGE_RATE_PER_MIN: '100000',
    }),
  );
  const { secret } = await server.platform.keys.create({ name: 'agent-eval', tier: 'pro' });
  // An account key is accepted wherever an access token is: the session presents it as one.
  const memory = {
    kind: 'file' as const,
    load: async () => ({
      access_token: secret,
      refresh_token: 'unused',
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    }),
    save: async () => {},
    clear: async () => {},
  };
  const session = new Session(memory, server.url);
  await session.load();
  const folders = new Map<Program, string>();
  const adapters = new Map<Program, Adapter>();
  for (const program of ['sap2000', 'etabs'] as const) {
    const folder = join(dir, program);
    mkdirSync(folder, { recursive: true });
    folders.set(program, folder);
    adapters.set(program, new StandinFrameAdapter(program, folder));
  }
  const log = new Logger({ dir: join(dir, 'logs') });
  // The engineer approves every destructive step the agents ask for; what was asked is kept.
  const approvals = new Approvals();
  const asked: ApprovalRequest[] = [];
  approvals.on('changed', () => {
    for (const r of approvals.current) {
      asked.push(r);
      approvals.answer(r.id, true);
    }
  });
  const audit = new AuditLog(join(dir, 'audit'));
  const guard = new ToolGuard({
    adapters: () => adapters,
    workingDirectory: (p) => folders.get(p) ?? dir,
    backups: new BackupStore(),
    approvals,
    audit,
    log,
  });
  const client = new BridgeClient({
    api: new PlatformApi(session),
    machineId: 'agent-eval',
    machineName: 'agent-eval',
    clientVersion: '0.1.0',
    adapters: () => adapters,
    lanes: () =>
      [...adapters.keys()].map((program) => ({
        program,
        versions: ['stand-in'],
        activeVersion: 'stand-in',
        state: 'ready' as const,
      })),
    log,
    run: (c) => guard.run(c),
  });
  client.start();
  while (client.state !== 'connected') await new Promise((r) => setTimeout(r, 20));

  // T is the shape the query selects (the gateway's schema answers it; not checked again here).
  const gql = async <T>(query: string, variables: Record<string, unknown>): Promise<T> => {
    const res = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: T; errors?: unknown };
    if (body.errors || body.data === undefined) throw new Error(JSON.stringify(body.errors ?? 'no data'));
    return body.data;
  };
  type Run = { status: string; steps: number; reason: string | null };
  return {
    folder: (program) => folders.get(program)!,
    async converse(agentId, prompt, policy, o = {}) {
      const maxSteps = o.maxSteps ?? 40;
      const before = asked.length;
      model.reset();
      model.script(
        ...Array.from({ length: maxSteps + 1 }, () => (request: ModelRequest) => policy(historyOf(request))),
      );
      const sent = await gql<{ sendMessage: { conversation: { id: string } } }>(
        `mutation ($i: SendMessageInput!) { sendMessage(input: $i) { conversation { id } } }`,
        { i: { agentId, content: prompt, stepLimit: maxSteps } },
      );
      const id: string = sent.sendMessage.conversation.id;
      let run: Run;
      for (;;) {
        run = (
          await gql<{ conversation: { latestRun: Run } }>(
            `query ($id: ID!) { conversation(id: $id) { latestRun { status steps reason } } }`,
            { id },
          )
        ).conversation.latestRun;
        if (run.status === 'DONE') break;
        if (run.status === 'INTERRUPTED' || run.status === 'PAUSED')
          throw new Error(`the run stopped: ${run.status} ${run.reason ?? ''}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      model.reset();
      const messages = (
        await gql<{ conversation: { messages: { role: string; content: string | null }[] } }>(
          `query ($id: ID!) { conversation(id: $id) { messages(last: 500) { role content } } }`,
          { id },
        )
      ).conversation.messages;
      const last = model.requests.at(-1)!;
      const seen = historyOf(last);
      return {
        conversationId: id,
        answer: messages.filter((m) => m.role === 'ASSISTANT' && m.content).at(-1)?.content ?? '',
        calls: seen.calls,
        audit: await audit.entries(id),
        approvals: asked.slice(before),
        steps: run.steps,
      };
    },
    async close() {
      approvals.close();
      await client.stop();
      await Promise.all([...adapters.values()].map((a) => a.close()));
      session.close();
      await server.close(1_000);
      await model.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
