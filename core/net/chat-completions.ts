// The one client of OpenAI-compatible chat completions APIs (agents' model, memory extraction,
// project community summaries). It POSTs to `{url}/chat/completions` through the guarded
// outbound client (./guarded-fetch.ts), so every call has a time limit, a size limit on the
// answer and no redirect, and every failure of the exchange is one ChatEndpointError whose
// reason (status and the start of the body) is for the server's log. What a caller asks and
// how it reads the answer (a stream of tool calls, JSON in the text) stays with the caller.
import { isPublicAddress } from './address-policy.ts';
import { FetchRefused, guardedRequest, type FetchedBody } from './guarded-fetch.ts';

export interface ChatEndpoint {
  /** The API's base URL, up to and without `/chat/completions` (e.g. `https://api.openai.com/v1`). */
  url: string;
  model: string;
  apiKey?: string | null;
  /** Time of the whole exchange, the streamed answer included. */
  timeoutMs: number;
  /**
   * Whether the endpoint may be on a private or loopback address. An operator's own setting
   * (MEMORY_LLM_URL, PROJECT_LLM_URL) may; an agent's model only when AGENT_LLM_ALLOW_PRIVATE says so.
   */
  allowPrivate: boolean;
  /** Largest answer read (default: core/limits.ts fetchMaxBytes). */
  maxBytes?: number;
}

/** The endpoint could not be reached, refused the request or answered something unreadable. */
export class ChatEndpointError extends Error {
  /** Why, for the server's log (status and the start of the body). */
  readonly reason: string;
  constructor(reason: string) {
    super(`the chat completions endpoint failed: ${reason}`);
    this.name = 'ChatEndpointError';
    this.reason = reason;
  }
}

export interface ChatCallOptions {
  signal?: AbortSignal;
  /** Streams a successful answer chunk by chunk (server-sent events); the answer's bytes are then empty. */
  onChunk?: (chunk: Buffer) => void;
}

/**
 * POSTs one request (`model` is added) and answers the raw answer. An error thrown by onChunk
 * comes out as it was thrown.
 * @throws ChatEndpointError
 */
export async function postChatCompletion(
  endpoint: ChatEndpoint,
  request: Record<string, unknown>,
  options: ChatCallOptions = {},
): Promise<FetchedBody> {
  try {
    return await guardedRequest(`${endpoint.url.replace(/\/$/, '')}/chat/completions`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream, application/json',
        ...(endpoint.apiKey ? { authorization: `Bearer ${endpoint.apiKey}` } : {}),
      },
      body: JSON.stringify({ model: endpoint.model, ...request }),
      maxBytes: endpoint.maxBytes,
      // A POST redirected would be replayed as a GET without its body: an endpoint that redirects is misconfigured.
      maxRedirects: 0,
      timeoutMs: endpoint.timeoutMs,
      signal: options.signal,
      allow: endpoint.allowPrivate ? () => true : isPublicAddress,
      onChunk: options.onChunk,
    });
  } catch (err) {
    if (err instanceof FetchRefused) throw new ChatEndpointError(err.reason);
    throw err;
  }
}

/**
 * One completion that is not streamed: the text of its first choice's message, or null when the
 * model answered none (only tool calls, say).
 * @throws ChatEndpointError, also when the answer is not a JSON completion
 */
export async function chatCompletionText(
  endpoint: ChatEndpoint,
  request: Record<string, unknown>,
  options: Pick<ChatCallOptions, 'signal'> = {},
): Promise<string | null> {
  const res = await postChatCompletion(endpoint, request, options);
  let body: { choices?: { message?: { content?: unknown } }[] };
  try {
    body = JSON.parse(res.bytes.toString('utf8'));
  } catch {
    throw new ChatEndpointError(`not a JSON completion: ${res.bytes.subarray(0, 200).toString('utf8')}`);
  }
  const content = body?.choices?.[0]?.message?.content;
  return typeof content === 'string' ? content : null;
}
