// What a user does with a conversation's runs (the engine's methods): send a message, resume,
// retry, stop, rename, read the latest run and follow its events.
import type { Principal } from '../../../core/auth/keys.ts';
import { AppError, fieldError } from '../../../core/errors.ts';
import { liveStream } from '../../../core/live-stream.ts';
import { agentById, type AgentConfig } from '../catalogue.ts';
import type { Conversation, Run } from '../store.ts';
import { finish, resumeActive, startRun } from './drive.ts';
import { checkMessage, MAX_TITLE_CHARS, parseInstructions, titleFrom, type SendMessageInput } from './input.ts';
import { activeRun, eventOf, serial, type ActiveRun, type EngineState, type RunEvent } from './state.ts';

/** The run working or paused on a conversation, from memory or (a paused run after a restart) from the database. */
async function current(s: EngineState, principal: Principal, conversation: Conversation): Promise<ActiveRun | null> {
  const a = s.active.get(conversation.id);
  if (a) return a;
  const latest = await s.store.latestRun(conversation.id);
  if (latest?.status !== 'paused') return null;
  const agent = agentById(conversation.agentId)!;
  const restored = activeRun({ run: latest, principal, conversation, agent, pauseStep: latest.steps });
  s.active.set(conversation.id, restored);
  return restored;
}

function requireModel(s: EngineState) {
  if (!s.config.agentLlmUrl)
    throw new AppError('AGENT_MODEL_NOT_CONFIGURED', 'Agent runs need a model: the operator has not set AGENT_LLM_URL');
}

export async function sendMessage(s: EngineState, principal: Principal, input: SendMessageInput) {
  const stepLimit = checkMessage(input);
  const instructions = parseInstructions(input.instructions);
  requireModel(s);
  const { conversation, agent } = await conversationFor(s, principal, input);
  if (instructions) s.instructionsOf.set(conversation.id, instructions);
  return serial(s, conversation.id, async () => {
    const a = await current(s, principal, conversation);
    if (a) {
      if ((input.whileWorking ?? 'steer') === 'queue') {
        a.queue.push(input.content);
        return { conversation, disposition: 'queued' as const, run: a.run };
      }
      a.steer.push(input.content);
      if (a.run.status === 'paused') {
        await s.usage.assertCredits(principal);
        resumeActive(s, a);
      }
      return { conversation, disposition: 'steered' as const, run: a.run };
    }
    await s.usage.assertCredits(principal);
    const run = await startRun(s, principal, conversation, agent, [input.content], stepLimit);
    return { conversation, disposition: 'started' as const, run };
  });
}

/** The message's conversation (its agent fixed at the first message), or a new one with the agent asked for. */
async function conversationFor(
  s: EngineState,
  principal: Principal,
  input: SendMessageInput,
): Promise<{ conversation: Conversation; agent: AgentConfig }> {
  if (input.conversationId) {
    const conversation = await s.store.conversation(principal.accountId, input.conversationId);
    if (input.agentId && input.agentId !== conversation.agentId) {
      throw new AppError(
        'AGENT_LOCKED',
        `agentId: this conversation's agent is ${conversation.agentId}, fixed at its first message; start a new conversation to switch`,
        {
          agent_id: conversation.agentId,
        },
      );
    }
    return { conversation, agent: agentById(conversation.agentId)! };
  }
  if (!input.agentId)
    throw new AppError('VALIDATION_ERROR', 'agentId: required to start a conversation', { field: 'agentId' });
  const agent = agentById(input.agentId);
  if (!agent) throw fieldError('UNPROCESSABLE', 'agentId', `unknown agent ${input.agentId}`, { field: 'agentId' });
  await s.usage.assertCredits(principal);
  const conversation = await s.store.createConversation(principal.accountId, agent.id, titleFrom(input.content));
  return { conversation, agent };
}

export async function resumeRun(s: EngineState, principal: Principal, conversationId: string): Promise<Run> {
  const conversation = await s.store.conversation(principal.accountId, conversationId);
  requireModel(s);
  return serial(s, conversation.id, async () => {
    const a = await current(s, principal, conversation);
    if (!a || a.run.status !== 'paused')
      throw new AppError('RUN_STATE_CONFLICT', 'conversationId: no run of this conversation is paused');
    await s.usage.assertCredits(principal);
    resumeActive(s, a);
    return a.run;
  });
}

export async function retryRun(s: EngineState, principal: Principal, conversationId: string): Promise<Run> {
  const conversation = await s.store.conversation(principal.accountId, conversationId);
  requireModel(s);
  return serial(s, conversation.id, async () => {
    if (s.active.has(conversation.id))
      throw new AppError('RUN_STATE_CONFLICT', 'conversationId: a run of this conversation is working or paused');
    const latest = await s.store.latestRun(conversation.id);
    if (latest?.status !== 'interrupted')
      throw new AppError('RUN_STATE_CONFLICT', 'conversationId: the last run of this conversation was not interrupted');
    await s.usage.assertCredits(principal);
    await s.store.dropRunOutput(latest.id);
    return startRun(s, principal, conversation, agentById(conversation.agentId)!, [], latest.stepLimit);
  });
}

/**
 * Stops the conversation's working or paused run at its next safe point (rule "cancelRun");
 * answers the run as it is now: `stopped` when it was paused, else still working until it
 * reaches the safe point (its events show `stopped` then).
 */
export async function cancelRun(s: EngineState, principal: Principal, conversationId: string): Promise<Run> {
  const conversation = await s.store.conversation(principal.accountId, conversationId);
  return serial(s, conversation.id, async () => {
    const a = await current(s, principal, conversation);
    if (!a)
      throw new AppError('RUN_STATE_CONFLICT', 'conversationId: no run of this conversation is working or paused');
    a.stopRequested = true;
    if (a.run.status === 'paused') {
      await finish(s, a, 'stopped', 'STOPPED_BY_USER', 'stopped by the user');
      return a.run;
    }
    a.modelCall?.abort();
    // A call still waiting for a desktop has not reached a program; one delivered completes (rule "cancelRun").
    if (a.run.status === 'waiting_for_desktop') a.desktopWait?.abort();
    return a.run;
  });
}

export async function renameConversation(
  s: EngineState,
  principal: Principal,
  conversationId: string,
  title: string,
): Promise<Conversation> {
  const trimmed = title.trim();
  if (!trimmed || trimmed.length > MAX_TITLE_CHARS)
    throw fieldError('UNPROCESSABLE', 'title', `1 to ${MAX_TITLE_CHARS} characters`, { field: 'title' });
  return s.store.renameConversation(principal.accountId, conversationId, trimmed);
}

export async function latestRun(s: EngineState, conversationId: string): Promise<Run | null> {
  return s.active.get(conversationId)?.run ?? s.store.latestRun(conversationId);
}

/** runEvents: the conversation's current state, then every event as it happens. */
export async function runEvents(
  s: EngineState,
  principal: Principal,
  conversationId: string,
): Promise<AsyncIterableIterator<RunEvent>> {
  await s.store.conversation(principal.accountId, conversationId);
  const latest = s.active.has(conversationId) ? null : await s.store.latestRun(conversationId);
  const set = s.listeners.get(conversationId) ?? new Set();
  s.listeners.set(conversationId, set);
  const live = liveStream<RunEvent>(() => {
    set.delete(live.push);
    if (!set.size && s.listeners.get(conversationId) === set) s.listeners.delete(conversationId);
  });
  // The snapshot and the listener are taken together (no await between), so no event falls between them.
  live.push(eventOf(s.active.get(conversationId) ?? { run: latest, conversationId }, { type: 'status' }));
  set.add(live.push);
  return live.iterator;
}

/** Stops every run (the server is closing): they end interrupted and can be retried. */
export async function closeRuns(s: EngineState) {
  for (const a of s.active.values()) a.abort.abort();
  await Promise.allSettled([...s.running]);
}
