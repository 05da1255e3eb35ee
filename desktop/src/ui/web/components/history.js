// The conversation list: every conversation the platform keeps, newest first, with its agent
// and program; search by title, rename in place, reopen with one click; a run still working
// (after a relaunch too) is marked and can be stopped from here.
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import htm from 'htm';
import { when } from '../lib/format.js';

const html = htm.bind(h);
const PROGRAM = { SAP2000: 'SAP2000', ETABS: 'ETABS', MATHCAD: 'Mathcad Prime' };
const WORKING = ['THINKING', 'CALLING_TOOL', 'WAITING_FOR_DESKTOP'];
const STATUS = {
  THINKING: 'working',
  CALLING_TOOL: 'working',
  WAITING_FOR_DESKTOP: 'waiting for this app',
  PAUSED: 'paused',
  INTERRUPTED: 'interrupted',
  STOPPED: 'stopped',
};

export function History({ api, current, open, stop, refreshKey }) {
  const [search, setSearch] = useState('');
  const [items, setItems] = useState(null);
  const [editing, setEditing] = useState(null);
  const [error, setError] = useState(null);
  const load = () =>
    api('GET', `/api/conversations${search.trim() ? `?search=${encodeURIComponent(search.trim())}` : ''}`).then(
      (page) => {
        setItems(page.nodes);
        setError(null);
      },
      () => setError('The list cannot be loaded while the platform is out of reach.'),
    );
  useEffect(() => {
    const t = setTimeout(load, search ? 200 : 0);
    return () => clearTimeout(t);
  }, [search, refreshKey]);
  const rename = async (id, title) => {
    setEditing(null);
    if (!title.trim()) return;
    await api('POST', '/api/conversations/rename', { conversationId: id, title }).catch(() =>
      setError('The new name could not be saved.'),
    );
    load();
  };
  return html`<aside class="history" aria-label="Conversations">
    <input
      type="search"
      aria-label="Search conversations"
      placeholder="Search conversations"
      value=${search}
      onInput=${(e) => setSearch(e.target.value)}
    />
    ${error && html`<p class="muted small">${error}</p>`}
    <ul>
      ${
        items === null
          ? html`<li class="muted small">Loading…</li>`
          : !items.length
            ? html`<li class="muted small">
                ${search ? 'No conversation has that in its title.' : 'No conversations yet.'}
              </li>`
            : items.map((c) => {
                const status = c.latestRun?.status;
                const working = WORKING.includes(status);
                return html`<li class=${c.id === current ? 'current' : ''} data-conversation=${c.id}>
                  ${
                    editing === c.id
                      ? html`<form
                          onSubmit=${(e) => {
                            e.preventDefault();
                            rename(c.id, e.target.elements.title.value);
                          }}
                        >
                          <input
                            name="title"
                            aria-label="New name"
                            value=${c.title}
                            autofocus
                            onKeyDown=${(e) => e.key === 'Escape' && setEditing(null)}
                            onBlur=${(e) => rename(c.id, e.target.value)}
                          />
                        </form>`
                      : html`<button class="open" onClick=${() => open(c)} aria-current=${c.id === current}>
                            <span class="title">${c.title || 'Untitled conversation'}</span>
                            <span class="meta"
                              >${c.agent.name.replace(/ \(.*\)$/, '')} ·
                              ${c.agent.programs.map((p) => PROGRAM[p] ?? p).join(', ')} · ${when(c.updatedAt)}</span
                            >
                            ${status && STATUS[status] && html`<span class=${`run ${working ? 'working' : ''}`}>${STATUS[status]}</span>`}
                          </button>
                          <span class="actions">
                            ${working && html`<button class="small" onClick=${() => stop(c.id).then(load)} aria-label=${`Stop the run in ${c.title}`}>Stop</button>`}
                            <button class="small" aria-label=${`Rename ${c.title}`} onClick=${() => setEditing(c.id)}>
                              Rename
                            </button>
                          </span>`
                  }
                </li>`;
              })
      }
    </ul>
  </aside>`;
}
