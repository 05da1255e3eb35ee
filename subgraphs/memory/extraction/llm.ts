// The language-model extractor, used when MEMORY_LLM_URL names an
// OpenAI-compatible chat completions API (called through core/net/chat-completions.ts).
// One call per message; the model answers JSON in the shape of Extraction. The
// speaker is always an entity.
import { chatCompletionText } from '../../../core/net/chat-completions.ts';
import { speakerOf, type Extraction, type Extractor } from './extractor.ts';

export interface LlmExtractorOptions {
  url: string;
  model: string;
  apiKey?: string;
  /** One message's extraction; default the ingestion job's group lease (60 s), which a longer call would lose anyway. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;

const SYSTEM = `You extract a knowledge graph from one chat message (structural engineers and their assistants, or any conversation).
Answer only JSON: {"entities":[{"name":string,"kind":string}],"facts":[{"source":string,"target":string,"relation":string,"fact":string,"replaces":string|null,"ends":string|null,"valid_at":string|null}]}.
Greetings, thanks, reactions and questions state no fact. "you" is the addressee.
Entities: people, organisations, projects, code references (e.g. "ACI 318-19 §22.5"), member sizes ("W12x26"), grid lines, levels, loads with units, sheets, software.
kind is one of speaker, name, organisation, project, code, member_size, rebar, grid, level, quantity, ratio, sheet, software, element.
Facts: one per statement, relation in SCREAMING_SNAKE_CASE (WORKS_AT, USES, IS_DESIGNED_TO, LOCATED_AT, SUPPORTS, REPLACED_BY, …), fact a self-contained sentence with "I" replaced by the speaker's name, "you" by the addressee's, and relative dates ("yesterday", "last week") written as dates from the message time.
valid_at: the ISO 8601 date the statement is about when it names one, else null.
replaces: the entity a statement says was replaced, else null. ends: the relation a statement says no longer holds ("no longer works at" → WORKS_AT), else null.
source and target must be entity names you listed, and differ.`;

const validDate = (v: unknown): boolean =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) && !Number.isNaN(Date.parse(v));

export function createLlmExtractor(options: LlmExtractorOptions): Extractor {
  // MEMORY_LLM_URL is the operator's setting, so a model served on the local network is allowed.
  const endpoint = {
    url: options.url,
    model: options.model,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    allowPrivate: true,
  };
  return {
    name: 'llm',
    async extract(input) {
      const speaker = speakerOf(input);
      const text = await chatCompletionText(endpoint, {
        temperature: 0,
        response_format: { type: 'json_object' },
        messages: [
          { role: 'system', content: SYSTEM },
          {
            role: 'user',
            content: `Speaker: ${speaker} (${input.roleType})\n${input.addressee ? `Addressee: ${input.addressee}\n` : ''}Time: ${input.timestamp}\nMessage: ${input.content}`,
          },
        ],
      });
      const parsed = JSON.parse(text ?? '{}') as Partial<Extraction>;
      const entities = (parsed.entities ?? [])
        .filter((e) => typeof e?.name === 'string' && e.name.trim())
        .map((e) => ({ name: e.name.trim(), kind: String(e.kind ?? 'entity') }));
      if (!entities.some((e) => e.name.toLowerCase() === speaker.toLowerCase()))
        entities.unshift({ name: speaker, kind: 'speaker' });
      const names = new Set(entities.map((e) => e.name.toLowerCase()));
      const facts = (parsed.facts ?? [])
        .filter(
          (f) =>
            f &&
            typeof f.fact === 'string' &&
            f.fact.trim() &&
            names.has(String(f.source).toLowerCase()) &&
            names.has(String(f.target).toLowerCase()),
        )
        .map((f) => ({
          source: String(f.source),
          target: String(f.target),
          relation: String(f.relation || 'RELATES_TO')
            .toUpperCase()
            .replace(/[^A-Z0-9]+/g, '_'),
          fact: f.fact.trim(),
          replaces: typeof f.replaces === 'string' ? f.replaces : null,
          ends: typeof f.ends === 'string' ? f.ends : null,
          ...(validDate((f as { valid_at?: unknown }).valid_at)
            ? { validAt: new Date(String((f as { valid_at?: unknown }).valid_at)).toISOString() }
            : {}),
        }));
      return { entities, facts };
    },
  };
}
