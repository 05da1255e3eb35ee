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
const CANCEL = `mutation ($c: ID!) { cancelRun(conversationId: $c) { ${RUN_FIELDS} } }`;
const RENAME = `mutation ($c: ID!, $t: String!) { renameConversation(conversationId: $c, title: $t) { id title } }`;
// The latest 300 messages: the gateway's query-cost limit (GRAPHQL_MAX_COST) refuses 500 with these fields.
const CONVERSATION = `query ($id: ID!) { conversation(id: $id) { id title agent { id name programs } createdAt messages(last: 300) { id role content toolCalls toolCallId createdAt } latestRun { ${RUN_FIELDS} } } }`;
const LIST = `query ($first: Int, $after: String, $search: String) { conversations(first: $first, after: $after, search: $search) { nodes { id title createdAt updatedAt agent { id name programs } latestRun { id status steps stepLimit startedAt endedAt } } pageInfo { endCursor hasNextPage } } }`;
/** Run statuses in which the agent is still working (a relaunch shows them, quitting stops them). */
export const WORKING = ['THINKING', 'CALLING_TOOL', 'WAITING_FOR_DESKTOP'];
const EVENTS = `subscription ($c: ID!) { runEvents(conversationId: $c) { runId type status text step stepLimit pauseStep elapsedMs reasonCode reason at toolCall { callId name arguments result errorCode errorMessage } } }`;

export interface ChatSettings {
  stepLimit: number;
  whileWorking: 'steer' | 'queue';
  /** The user's design standard and formatting standards, for the agent's instructions. */
  instructions?: { designStandard: string; formattingStandards: string | null };
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
        ...(settings.instructions ? { instructions: settings.instructions } : {}),
      },
    });
    this.watch(sendMessage.conversation.id);
    return sendMessage;
  }

  /** The account's conversations, newest first, optionally only those whose title holds `search`. */
  conversations(search: string | null, first = 50, after: string | null = null) {
    return this.api.gql(LIST, { first, after, search }).then((d) => d.conversations);
  }

  rename(conversationId: string, title: string) {
    return this.api.gql(RENAME, { c: conversationId, t: title }).then((d) => d.renameConversation);
  }

  /** Stop: the platform ends the run at its next safe point; the run events show it stopped. */
  async cancel(conversationId: string) {
    this.watch(conversationId);
    return (await this.api.gql(CANCEL, { c: conversationId })).cancelRun;
  }

  /** Conversations whose run is still working (after a relaunch too: the platform runs them, not this app). */
  async working(): Promise<{ id: string; title: string }[]> {
    const page = await this.conversations(null, 100);
    return page.nodes.filter(
      (c: { latestRun: { status: string } | null }) => c.latestRun && WORKING.includes(c.latestRun.status),
    );
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
          next: (m) =>
            m.data
              ? this.emit('run', conversationId, (m.data as { runEvents: Record<string, unknown> }).runEvents)
              : again(),
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
