// Community summaries written by a language model, when PROJECT_LLM_URL names
// an OpenAI-compatible chat completions API. The deterministic summary
// (communities-task.ts) is always kept; the model's text is stored beside it
// as `llmSummary`, so a project without a model, or a model that fails, still
// has a summary of every community.
import { chatCompletionText } from '../../../core/net/chat-completions.ts';

/** What the model is told about one community: only facts read from the sheets. */
export interface CommunityBrief {
  title: string;
  /** The deterministic summary (counts, members, grids). */
  summary: string;
  sheets: { number: string; title: string | null; discipline: string | null }[];
  /** Labels of a sample of its entities, by type ("View: 3/A501 WALL SECTION"). */
  samples: string[];
}

export interface CommunitySummarizer {
  summarize(brief: CommunityBrief): Promise<string>;
}

export interface LlmSummarizerOptions {
  url: string;
  model: string;
  apiKey?: string;
  timeoutMs: number;
}

/** A summary longer than this is cut: it is shown in a list beside the community's title. */
export const SUMMARY_MAX = 1_000;
/** Entity labels sent per community; enough to name what it is about, few enough to keep the prompt small. */
export const SAMPLE_MAX = 40;

const SYSTEM = `You summarise one community of a construction drawing set's graph for a structural engineer.
You are given its sheets (number, title, discipline), what it holds, and a sample of its entities' labels.
Answer two or three plain sentences: what part of the building or which topic these sheets and entities are about,
and which sheets to open. Use only the facts given; do not invent sheet numbers, members or grids. No lists, no markdown.`;

function prompt(b: CommunityBrief): string {
  const sheets = b.sheets
    .map((s) => `- ${s.number}${s.title ? `: ${s.title}` : ''}${s.discipline ? ` (${s.discipline})` : ''}`)
    .join('\n');
  return `Community: ${b.title}\nHolds: ${b.summary}\nSheets:\n${sheets || '- none numbered'}\nSample entities:\n${b.samples.map((s) => `- ${s}`).join('\n')}`;
}

export function createLlmSummarizer(options: LlmSummarizerOptions): CommunitySummarizer {
  // PROJECT_LLM_URL is the operator's setting, so a model served on the local network is allowed.
  const endpoint = {
    url: options.url,
    model: options.model,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs,
    allowPrivate: true,
  };
  return {
    async summarize(brief) {
      const content = await chatCompletionText(endpoint, {
        temperature: 0,
        messages: [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: prompt(brief) },
        ],
      });
      if (typeof content !== 'string' || !content.trim()) throw new Error('summary endpoint answered no text');
      const text = content.replace(/\s+/g, ' ').trim();
      return text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1)}…` : text;
    },
  };
}
