// Settings → Software: the version, the update state with Check and Update now, and the logs folder.
import { h } from 'preact';
import htm from 'htm';
import { api } from '../lib/api.js';
import { when } from '../lib/format.js';
import { inWords } from '../lib/words.js';
import { Field } from './field.js';

const html = htm.bind(h);

export function SoftwarePane({ state, setMessage }) {
  return html`<h2>Software</h2>
    <${Field} label="Version"><span>${state.version}</span><//>
    <${Field} label="Update status"
      ><span data-update=${state.update.state}
        >${{ idle: 'Not checked yet', checking: 'Checking…', up_to_date: 'Up to date', downloading: `Downloading ${state.update.latest} (${Math.round((100 * state.update.received) / Math.max(1, state.update.total))}%)`, ready: `Version ${state.update.latest} is ready to install`, error: 'The update check did not work. The app tries again later.' }[state.update.state]}</span
      ><//
    >
    <${Field} label="Last checked"><span>${when(state.update.checkedAt) || 'never'}</span><//>
    <${Field} label=""
      ><div style="display:flex;gap:.5rem">
        <button onClick=${() => api('POST', '/api/updates/check')}>Check for updates</button>
        <button
          class="primary"
          disabled=${state.update.state !== 'ready'}
          onClick=${() => api('POST', '/api/updates/install').catch((e) => setMessage(inWords(e).text))}
        >
          Update now
        </button>
      </div><//
    >
    <${Field} label="Logs"
      ><div class="folder">
        <span class="path muted">${state.logs}</span
        ><button onClick=${() => api('POST', '/api/folders/open', { path: state.logs })}>Open folder</button>
      </div><//
    >`;
}
