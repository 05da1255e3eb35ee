// Settings → Python: which environment runs the agent's scripts (found, managed or auto) and a
// fresh managed one on request.
import { h } from 'preact';
import htm from 'htm';
import { api } from '../lib/api.js';
import { inWords } from '../lib/words.js';
import { Field } from './field.js';

const html = htm.bind(h);

export function PythonPane({ state, patch, setMessage }) {
  const s = state.settings;
  return html`<h2>Python</h2>
    <${Field} label="Environment"
      ><select
        aria-label="Python environment"
        value=${s.python.mode}
        onChange=${(e) => patch({ python: { mode: e.target.value } })}
      >
        <option value="auto">Auto-detect</option>
        <option value="installation">A found installation</option>
        <option value="managed">The app's managed environment</option>
      </select><//
    >
    <${Field} label="Found installations"
      >${
        state.pythons.length
          ? html`<select
              aria-label="Python installation"
              value=${s.python.installation ?? ''}
              onChange=${(e) => patch({ python: { mode: 'installation', installation: e.target.value || null } })}
            >
              <option value="">(auto)</option>
              ${state.pythons.map((p) => html`<option value=${p}>${p}</option>`)}
            </select>`
          : html`<span class="muted">None found</span>`
      }<//
    >
    <${Field} label="Fresh environment"
      ><button onClick=${() => api('POST', '/api/python/download').catch((e) => setMessage(inWords(e).text))}>
        Download a fresh one
      </button><//
    >`;
}
