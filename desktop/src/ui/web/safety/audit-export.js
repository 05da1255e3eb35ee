// Export of the conversation's audit log: every program call the agent made on this machine
// for it (tool, arguments, change preview, backup, approval, outcome, the OAPI calls), as JSON
// lines or CSV, downloaded from the app (GET /api/audit/export).
import { h } from 'preact';
import { useState } from 'preact/hooks';
import htm from 'htm';
import { safetyStyles } from './style.js';

const html = htm.bind(h);

export function AuditExport({ conversationId }) {
  safetyStyles();
  const [open, setOpen] = useState(false);
  const href = (format) => `/api/audit/export?conversation=${encodeURIComponent(conversationId)}&format=${format}`;
  return html`<div class="menu" onKeyDown=${(e) => e.key === 'Escape' && setOpen(false)}>
    <button
      aria-haspopup="menu"
      aria-expanded=${open}
      disabled=${!conversationId}
      title=${conversationId ? 'Every program call of this conversation' : 'Start a conversation first'}
      onClick=${() => setOpen(!open)}
    >
      Audit log
    </button>
    ${
      open &&
      html`<ul role="menu">
        <li>
          <a role="menuitem" class="menuitem" href=${href('jsonl')} download onClick=${() => setOpen(false)}
            >Export JSON lines</a
          >
        </li>
        <li>
          <a role="menuitem" class="menuitem" href=${href('csv')} download onClick=${() => setOpen(false)}
            >Export CSV</a
          >
        </li>
      </ul>`
    }
  </div>`;
}
