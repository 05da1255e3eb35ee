// The agent's model: an OpenAI-compatible chat completions API with tool calling, asked to
// stream (server-sent events) so reasoning and answer text reach the live view as they are
// written. A server that answers one JSON body instead is read the same way. The request goes
// through the platform's chat completions client (core/net/chat-completions.ts): the endpoint is
// the operator's, but a private or loopback address is still refused unless
// AGENT_LLM_ALLOW_PRIVATE says the model is served on the local network.
import { LIMITS } from '../../core/limits.ts';
import { ChatEndpointError, postChatCompletion } from '../../core/net/chat-completions.ts';

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatToolCall[] }
  | { role: 'tool'; content: string; tool_call_id: string };

export interface ModelAnswer {
  content: string;
  reasoning: string;
  toolCalls: ChatToolCall[];
  promptTokens: number;
  completionTokens: number;
  /** Tool calls the answer asked for past AGENT_MAX_TOOL_CALLS_PER_ANSWER: counted, not kept. */
  notRun: number;
}

export interface ModelEndpoint {
  url: string;
  model: string;
  apiKey: string | null;
  allowPrivate: boolean;
  timeoutMs: number;
}

/** A model call that failed: the endpoint's reason stays in the server's log, the run shows `message`. */
export class ModelError extends Error {
  readonly reason: string;
  /** The call was made and its cost cannot be known (an invalid usage report): its reservation is charged. */
  readonly chargeReservation: boolean;
  constructor(message: string, reason: string, options: { chargeReservation?: boolean } = {}) {
    super(message);
    this.name = 'ModelError';
    this.reason = reason;
    this.chargeReservation = options.chargeReservation ?? false;
  }
}

/** Largest streamed answer read from the endpoint (a runaway stream is cut there). */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;

interface Delta {
  content?: string | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
  tool_calls?: { index?: number; id?: string; function?: { name?: string; arguments?: string } }[];
}

/** Accumulates chat-completion chunks (or one whole completion) into an answer. */
class AnswerBuilder {
  content = '';
  reasoning = '';
  promptTokens = 0;
  completionTokens = 0;
  private readonly calls: { id: string; name: string; arguments: string }[] = [];
  /** Indices of calls past the limit (a model answering 30,000 calls): counted, their text not kept. */
  private readonly extra = new Set<number>();

  private readonly onText: (kind: 'reasoning' | 'content', text: string) => void;
  constructor(onText: (kind: 'reasoning' | 'content', text: string) => void) {
    this.onText = onText;
  }

  delta(d: Delta | undefined) {
    if (!d) return;
    const reasoning = d.reasoning_content ?? d.reasoning;
    if (typeof reasoning === 'string' && reasoning) {
      this.reasoning += reasoning;
      this.onText('reasoning', reasoning);
    }
    if (typeof d.content === 'string' && d.content) {
      this.content += d.content;
      this.onText('content', d.content);
    }
    for (const [position, tc] of (d.tool_calls ?? []).entries()) {
      const index = typeof tc.index === 'number' ? tc.index : position;
      // An index is a position in the answer's list: a huge one would make a sparse array every later pass walks.
      if (!Number.isInteger(index) || index < 0) continue;
      if (index >= LIMITS.agentMaxToolCallsPerAnswer) {
        this.extra.add(index);
        continue;
      }
      const call = (this.calls[index] ??= { id: '', name: '', arguments: '' });
      if (tc.id) call.id = tc.id;
      if (tc.function?.name) call.name += tc.function.name;
      if (tc.function?.arguments) call.arguments += tc.function.arguments;
    }
  }

  usage(u: { prompt_tokens?: number; completion_tokens?: number } | undefined) {
    if (!u) return;
    for (const [field, value] of [
      ['prompt_tokens', u.prompt_tokens],
      ['completion_tokens', u.completion_tokens],
    ] as const) {
      if (value === undefined || value === null) continue;
      // Usage below zero (or not a count) would credit the account (issue 29, finding 8: -$1,000): refused, the call's reservation charged.
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
        throw new ModelError('The model reported an invalid token usage', `usage.${field} = ${JSON.stringify(value)}`, {
          chargeReservation: true,
        });
      }
    }
    if (typeof u.prompt_tokens === 'number') this.promptTokens = Math.ceil(u.prompt_tokens);
    if (typeof u.completion_tokens === 'number') this.completionTokens = Math.ceil(u.completion_tokens);
  }

  answer(): ModelAnswer {
    const toolCalls = this.calls
      .filter((c) => c && c.name)
      .map((c, i): ChatToolCall => ({
        id: c.id || `call_${i}_${crypto.randomUUID()}`,
        type: 'function',
        function: { name: c.name, arguments: c.arguments || '{}' },
      }));
    return {
      content: this.content,
      reasoning: this.reasoning,
      toolCalls,
      promptTokens: this.promptTokens,
      completionTokens: this.completionTokens,
      notRun: this.extra.size,
    };
  }
}

/**
 * One model call. `onText` receives reasoning and answer text as it streams.
 * @throws ModelError when the endpoint cannot be reached, answers an error or something unreadable.
 */
export async function callModel(
  endpoint: ModelEndpoint,
  messages: ChatMessage[],
  tools: unknown[],
  onText: (kind: 'reasoning' | 'content', text: string) => void,
  signal?: AbortSignal,
): Promise<ModelAnswer> {
  const builder = new AnswerBuilder(onText);
  let pending = '';
  let raw = '';
  let streamed = false;
  const line = (text: string) => {
    if (!text.startsWith('data:')) return;
    const data = text.slice(5).trim();
    if (!data || data === '[DONE]') return;
    streamed = true;
    let chunk: {
      choices?: { delta?: Delta; message?: Delta }[];
      usage?: { prompt_tokens?: number; completion_tokens?: number };
    };
    try {
      chunk = JSON.parse(data);
    } catch {
      throw new ModelError('The model sent an unreadable answer', `bad SSE data: ${data.slice(0, 200)}`);
    }
    // Thrown inside onChunk, the error stops the request and comes out of postChatCompletion.
    builder.delta(chunk.choices?.[0]?.delta ?? chunk.choices?.[0]?.message);
    builder.usage(chunk.usage);
  };
  try {
    const onChunk = (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (raw.length < MAX_ANSWER_BYTES) raw += text;
      pending += text;
      let nl: number;
      while ((nl = pending.indexOf('\n')) >= 0) {
        line(pending.slice(0, nl).replace(/\r$/, ''));
        pending = pending.slice(nl + 1);
      }
    };
    const res = await postChatCompletion(
      { ...endpoint, maxBytes: MAX_ANSWER_BYTES },
      { messages, tools: tools.length ? tools : undefined, stream: true, stream_options: { include_usage: true } },
      { signal, onChunk },
    );
    line(pending.trim());
    if (!streamed) {
      // A server that ignores `stream` answers one completion as JSON.
      if (!/json/i.test(res.contentType ?? ''))
        throw new ModelError('The model sent an unreadable answer', `content type ${res.contentType}`);
      let body: { choices?: { message?: Delta }[]; usage?: { prompt_tokens?: number; completion_tokens?: number } };
      try {
        body = JSON.parse(raw);
      } catch {
        throw new ModelError('The model sent an unreadable answer', `bad JSON: ${raw.slice(0, 200)}`);
      }
      builder.delta(body.choices?.[0]?.message);
      builder.usage(body.usage);
    }
    return builder.answer();
  } catch (err) {
    if (err instanceof ModelError) throw err;
    if (err instanceof ChatEndpointError) throw new ModelError('The model endpoint failed', err.reason);
    throw err;
  }
}
