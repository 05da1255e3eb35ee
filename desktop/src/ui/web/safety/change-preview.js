// The change preview: a destructive step the agent wants to take (deleting objects or loads,
// replacing the open model, writing over a file, an escape-hatch method that does) waits here
// for the engineer. It lists what the step deletes, modifies and adds, the backup kept, and
// the call's arguments; Approve runs it, Decline (or Escape, or the time running out) answers
// the agent that the engineer declined. One request at a time, oldest first.
import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import htm from 'htm';
import { api } from '../lib/api.js';
import { safetyStyles } from './style.js';

const html = htm.bind(h);
const PROGRAM = { sap2000: 'SAP2000', etabs: 'ETABS', mathcad: 'Mathcad Prime' };

// (An answer to a request that already ended — answered elsewhere or expired — is refused: nothing to do.)
const answer = (id, approve) => api('POST', '/api/approvals/answer', { id, approve }).catch(() => undefined);

function Section({ kind, title, items }) {
  if (!items.length) return null;
  return html`<section class=${`change ${kind}`} aria-label=${title}>
    <h3>${title}</h3>
    <ul>
      ${items.map((i) => html`<li>${i}</li>`)}
    </ul>
  </section>`;
}

export function ChangePreview({ approvals }) {
  safetyStyles();
  const r = approvals[0];
  const [left, setLeft] = useState(0);
  const decline = useRef(null);
  useEffect(() => {
    const tick = () => setLeft(Math.max(0, Math.round((Date.parse(r.expiresAt) - Date.now()) / 1000)));
    tick();
    const t = setInterval(tick, 500);
    decline.current?.focus();
    const esc = (e) => e.key === 'Escape' && answer(r.id, false);
    addEventListener('keydown', esc);
    return () => {
      clearInterval(t);
      removeEventListener('keydown', esc);
    };
  }, [r.id]);
  const c = r.changes;
  return html`<div class="overlay">
    <div
      class="dialog small change-preview"
      role="alertdialog"
      aria-modal="true"
      aria-label="Change preview"
      aria-describedby="change-summary"
    >
      <h2>Approve this change?</h2>
      <p id="change-summary">The agent wants to run <code>${r.tool}</code> in ${PROGRAM[r.program] ?? r.program}.</p>
      <${Section} kind="deletes" title="Deletes" items=${c.deletes} />
      <${Section} kind="modifies" title="Modifies" items=${c.modifies} />
      <${Section} kind="adds" title="Adds" items=${c.adds} />
      <p class="backup">
        ${r.backup ? html`Backup kept: <code>${r.backup}</code>` : 'No backup was needed: the model has no file yet.'}
      </p>
      <details>
        <summary>Arguments</summary>
        <pre>${JSON.stringify(r.arguments, null, 2)}</pre>
      </details>
      <p class="muted">
        Declined in ${Math.floor(left / 60)} min ${left % 60} s without an
        answer.${approvals.length > 1 ? ` ${approvals.length - 1} more waiting.` : ''}
      </p>
      <div class="actions">
        <button class="danger" onClick=${() => answer(r.id, true)}>Approve</button
        ><button ref=${decline} onClick=${() => answer(r.id, false)}>Decline</button>
      </div>
    </div>
  </div>`;
}
