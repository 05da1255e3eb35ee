// The conversation as a calculation record: one self-contained HTML file (it opens in any
// browser and prints to PDF) with the project facts, each question, the agent's answers as
// formatted text, every step in words with its tables, and the picture of the model.
import { renderMarkdown } from '../components/markdown.js';
import { describe, tables } from '../components/tool-card.js';
import { largest, num } from './format.js';

const esc = (s) =>
  String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

export function calculationRecord({ conversation, messages, context, facts, pictureSvg }) {
  const results = new Map(messages.filter((m) => m.role === 'TOOL').map((m) => [m.toolCallId, m.content]));
  const parts = [];
  let step = 0;
  for (const m of messages) {
    if (m.role === 'USER') parts.push(`<section class="q"><h3>Question</h3><p>${esc(m.content)}</p></section>`);
    if (m.role !== 'ASSISTANT') continue;
    for (const tc of m.toolCalls ?? []) {
      let args = {},
        result = null;
      try {
        args = JSON.parse(tc.function.arguments);
      } catch {}
      try {
        result = JSON.parse(results.get(tc.id) ?? 'null');
      } catch {}
      const failed = result && result.error;
      step++;
      parts.push(
        `<section class="step"><h4>Step ${step}. ${esc(describe(tc.function.name, args, failed ? null : result, context.units))}${failed ? ' — failed' : ''}</h4>${
          failed
            ? `<p>${esc(result.error.message)}</p>`
            : tables(tc.function.name, args, result, context.units, context.dimension)
                .map((t) => table(t))
                .join('')
        }</section>`,
      );
    }
    if (m.content) parts.push(`<section class="a">${renderMarkdown(m.content)}</section>`);
  }
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(conversation.title)} — calculation record</title>
<style>body{font:14px/1.45 "Segoe UI",system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}table{border-collapse:collapse;margin:.5rem 0;font-size:12px}td,th{border:1px solid #ccd;padding:.2rem .45rem;text-align:left}td.n{text-align:right;font-variant-numeric:tabular-nums}dl{display:grid;grid-template-columns:12rem 1fr;gap:.2rem 1rem}dt{color:#5b6573}.q{border-left:3px solid #1f6feb;padding-left:.8rem}.step h4{margin:.8rem 0 .2rem}svg{max-width:100%;border:1px solid #ccd}svg path{fill:none;stroke:#1b1f24;stroke-width:1.2}svg path.deflected{stroke:#cf222e;stroke-dasharray:4 3}svg path.support{fill:#1b1f24}svg path.support.open{fill:none}svg path.loads{stroke:#1f6feb}svg path.reactions{stroke:#1a7f37}svg text{font-size:11px}</style></head><body>
<h1>${esc(conversation.title)}</h1>
<dl>${facts.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`).join('')}</dl>
${pictureSvg ? `<h2>Model</h2>${pictureSvg}` : ''}
<h2>Record</h2>${parts.join('\n')}
</body></html>`;
}

function table(t) {
  const floors = t.headers.map((_, k) => (t.numeric && k > 0 ? largest(t.rows, k) : 0));
  return `<table><caption>${esc(t.title)}</caption><thead><tr>${t.headers.map((x) => `<th>${esc(x)}</th>`).join('')}</tr></thead><tbody>${t.rows.map((r) => `<tr>${r.map((v, k) => (typeof v === 'number' ? `<td class="n">${num(v, floors[k])}</td>` : `<td>${esc(v)}</td>`)).join('')}</tr>`).join('')}</tbody></table>`;
}
