// Settings → General: look (theme, palette), the design standard, dictation, pre-warming, the
// account with its usage this period, and resetting the configuration.
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import htm from 'htm';
import { api } from '../lib/api.js';
import { when } from '../lib/format.js';
import { DICTATION } from '../lib/dictation.js';
import { PALETTES, STANDARDS } from '../lib/labels.js';
import { Field } from './field.js';

const html = htm.bind(h);

/** usage: this period's usage, fetched by the dialog when the tab opens (null while out of reach). */
export function GeneralPane({ state, usage, patch, close, setMessage }) {
  const s = state.settings;
  return html`<h2>General</h2>
    <${Field} label="Theme"
      ><select
        aria-label="Theme"
        value=${s.general.theme}
        onChange=${(e) => patch({ general: { theme: e.target.value } })}
      >
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </select><//
    >
    <${Field} label="Palette"
      ><select
        aria-label="Palette"
        value=${s.general.palette}
        onChange=${(e) => patch({ general: { palette: e.target.value } })}
      >
        ${PALETTES.map(([v, l]) => html`<option value=${v}>${l}</option>`)}
      </select><//
    >
    <${Field} label="Design standard"
      ><select
        aria-label="Design standard"
        value=${s.general.design_standard}
        onChange=${(e) => patch({ general: { design_standard: e.target.value } })}
      >
        ${STANDARDS.map(([v, l]) => html`<option value=${v}>${l}</option>`)}
      </select><//
    >
    ${DICTATION && html`<${Field} label="Dictation microphone" hint="The system default unless you pick one."><${Microphone} value=${s.general.dictation_microphone} patch=${patch} /><//>`}
    <${Field}
      label="Pre-warm on app launch"
      hint="Starts the selected program when the app starts (it holds a licence seat)."
      ><input
        type="checkbox"
        aria-label="Pre-warm on app launch"
        checked=${s.general.prewarm_on_launch}
        onChange=${(e) => patch({ general: { prewarm_on_launch: e.target.checked } })}
    /><//>
    <${Account} state=${state} usage=${usage} close=${close} />
    <${Field}
      label="Reset Configuration"
      hint="Clears preferences, working directories and environment paths. You stay signed in."
      ><button onClick=${() => api('POST', '/api/settings/reset').then(() => setMessage(null))}>
        Reset Configuration
      </button><//
    >`;
}

/** Who is signed in, where the sign-in is kept, and the usage meter; Logout closes the dialog first. */
function Account({ state, usage, close }) {
  return html`<${Field} label="Account">
    <div>
      ${
        usage
          ? html`<div>
                Signed in on ${state.machine.name} (sign-in kept in
                ${state.tokenStore === 'keychain' ? 'the Windows credential store' : 'a private file'})
              </div>
              <div class="meter" title="Usage this period" style="margin:.4rem 0">
                <div style=${`width:${Math.min(100, (100 * usage.usedUsd) / usage.limitUsd)}%`}></div>
              </div>
              <div class="muted">
                ${usage.usedUsd.toFixed(2)} of ${usage.limitUsd.toFixed(2)} USD used this period · resets
                ${when(usage.resetAt)}
              </div>`
          : html`<span class="muted">Usage cannot be shown while the platform is out of reach.</span>`
      }
      <button
        style="margin-top:.5rem"
        onClick=${() => {
          close();
          api('POST', '/api/logout');
        }}
      >
        Logout
      </button>
    </div><//
  >`;
}

/** The microphones the browser lists (labels appear once the page may use one). */
function Microphone({ value, patch }) {
  const [devices, setDevices] = useState([]);
  useEffect(() => {
    navigator.mediaDevices?.enumerateDevices?.().then(
      (d) => setDevices(d.filter((x) => x.kind === 'audioinput' && x.deviceId)),
      () => {},
    );
  }, []);
  return html`<select
    aria-label="Dictation microphone"
    value=${value ?? ''}
    onChange=${(e) => patch({ general: { dictation_microphone: e.target.value || null } })}
  >
    <option value="">System default</option>
    ${devices.map((d) => html`<option value=${d.deviceId}>${d.label || 'Microphone'}</option>`)}
  </select>`;
}
