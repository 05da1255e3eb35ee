// Conversations with the platform's agents, as the UI drives them: the agent list, sending a
// message with the user's Agents settings (step limit, Enter while working), Resume, Retry,
// the usage meter, and the live view of a conversation (runEvents over graphql-ws) relayed to
// the UI. A watched conversation whose stream drops is watched again after a pause; the stream
// starts with the run's current state, so nothing is lost for the UI, which re-reads the
// stored messages at each step.
import { EventEmitter } from 'node:events';
import type { Client } from 'graphql-ws';
import type { PlatformApi } from '../platform/api.ts';

const RUN_FIELDS = 'id status steps stepLimit reasonCode reason toolCalls costUsd startedAt endedAt';
const AGENTS = `{ agents { id name description programs } }`;
const USAGE = `{ usage { periodStartAt resetAt limitUsd usedUsd runs toolCalls } }`;
const SEND = `mutation ($input: SendMessageInput!) { sendMessage(input: $input) { conversation { id agent { id } } disposition run { ${RUN_FIELDS} } } }`;
const RESUME = `mutation ($c: ID!) { resumeRun(conversationId: $c) { ${RUN_FIELDS} } }`;
const RETRY = `mutation ($c: ID!) { retryRun(conversationId: $c) { ${RUN_FIELDS} } }`;
const CONVERSATION = `query ($id: ID!) { conversation(id: $id) { id agent { id name } createdAt messages(last: 200) { id role content toolCalls toolCallId createdAt } latestRun { ${RUN_FIELDS} } } }`;
const EVENTS = `subscription ($c: ID!) { runEvents(conversationId: $c) { runId type status text step stepLimit elapsedMs reasonCode reason at toolCall { callId name arguments result errorCode errorMessage } } }`;

export interface ChatSettings {
  stepLimit: number;
  whileWorking: 'steer' | 'queue';
}

export interface ChatEvents {
  run: [conversationId: string, event: Record<string, unknown>];
}

export class Chat extends EventEmitter<ChatEvents> {
  private readonly api: PlatformApi;
  private readonly watched = new Map<string, { socket: Client | null; retry: NodeJS.Timeout | null }>();

  constructor(api: PlatformApi) {
    super();
    this.api = api;
  }

  agents() {
    return this.api.gql(AGENTS).then((d) => d.agents);
  }

  usage() {
    return this.api.gql(USAGE).then((d) => d.usage);
  }

  conversation(id: string) {
    return this.api.gql(CONVERSATION, { id }).then((d) => d.conversation);
  }

  async send(input: { conversationId?: string | null; agentId: string; content: string }, settings: ChatSettings) {
    const { sendMessage } = await this.api.gql(SEND, {
      input: {
        ...(input.conversationId ? { conversationId: input.conversationId } : {}),
        agentId: input.agentId,
        content: input.content,
        stepLimit: settings.stepLimit,
        whileWorking: settings.whileWorking.toUpperCase(),
      },
    });
    this.watch(sendMessage.conversation.id);
    return sendMessage;
  }

  async resume(conversationId: string) {
    this.watch(conversationId);
    return (await this.api.gql(RESUME, { c: conversationId })).resumeRun;
  }

  async retry(conversationId: string) {
    this.watch(conversationId);
    return (await this.api.gql(RETRY, { c: conversationId })).retryRun;
  }

  /** Relays the conversation's run events until unwatch (or close). */
  watch(conversationId: string): void {
    if (this.watched.has(conversationId)) return;
    const entry = { socket: null as Client | null, retry: null as NodeJS.Timeout | null };
    this.watched.set(conversationId, entry);
    const open = () => {
      if (this.watched.get(conversationId) !== entry) return;
      const again = () => {
        if (this.watched.get(conversationId) !== entry || entry.retry) return;
        void entry.socket?.dispose();
        entry.socket = null;
        entry.retry = setTimeout(() => {
          entry.retry = null;
          open();
        }, 2_000);
        entry.retry.unref();
      };
      entry.socket = this.api.socket({ closed: again });
      entry.socket.subscribe(
        { query: EVENTS, variables: { c: conversationId } },
        {
          next: (m) => (m.data ? this.emit('run', conversationId, (m.data as { runEvents: Record<string, unknown> }).runEvents) : again()),
          error: again,
          complete: again,
        },
      );
    };
    open();
  }

  unwatch(conversationId: string): void {
    const entry = this.watched.get(conversationId);
    if (!entry) return;
    this.watched.delete(conversationId);
    if (entry.retry) clearTimeout(entry.retry);
    void entry.socket?.dispose();
  }

  close(): void {
    for (const id of [...this.watched.keys()]) this.unwatch(id);
  }
}
