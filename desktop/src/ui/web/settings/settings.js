// The Settings dialog: a tab per concern (general, agents, each program, software, Python), each
// pane a file of its own beside this one. Every change is a PATCH of the one setting; the state the
// core sends back redraws the dialog, so a pane holds no copy of the settings.
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import htm from 'htm';
import { api } from '../lib/api.js';
import { inWords } from '../lib/words.js';
import { PROGRAM_LABEL } from '../lib/labels.js';
import { GeneralPane } from './general.js';
import { AgentsPane } from './agents.js';
import { ProgramLooking, ProgramPane } from './program.js';
import { SoftwarePane } from './software.js';
import { PythonPane } from './python.js';

const html = htm.bind(h);
const TABS = [
  ['general', 'General'],
  ['agents', 'Agents'],
  ['sap2000', 'SAP2000'],
  ['etabs', 'ETABS'],
  ['mathcad', 'Mathcad Prime'],
  ['software', 'Software'],
  ['python', 'Python'],
];

export function Settings({ state, close }) {
  const [tab, setTab] = useState('general');
  // Kept here, not in the General pane, so a return to the tab shows the last figures while it refetches.
  const [usage, setUsage] = useState(null);
  const [message, setMessage] = useState(null);
  const s = state.settings;
  const patch = (p) =>
    api('PATCH', '/api/settings', p).then(
      () => setMessage(null),
      (e) => setMessage(inWords(e).text),
    );
  useEffect(() => {
    if (tab === 'general') api('GET', '/api/usage').then(setUsage, () => setUsage(null));
  }, [tab]);
  useEffect(() => {
    const esc = (e) => e.key === 'Escape' && close();
    addEventListener('keydown', esc);
    return () => removeEventListener('keydown', esc);
  }, []);
  const program = state.detections.find((d) => d.program === tab);
  return html`<div class="overlay" onClick=${(e) => e.target === e.currentTarget && close()}>
    <div class="dialog" role="dialog" aria-modal="true" aria-label="Settings">
      <nav class="tabs" role="tablist">
        ${TABS.map(([id, label]) => html`<button role="tab" aria-selected=${tab === id} onClick=${() => setTab(id)}>${label}</button>`)}
        <span class="spacer"></span><button onClick=${close}>Close</button>
      </nav>
      <section class="pane" role="tabpanel">
        ${message && html`<p class="error" role="alert">${message}</p>`}
        ${tab === 'general' && html`<${GeneralPane} state=${state} usage=${usage} patch=${patch} close=${close} setMessage=${setMessage} />`}
        ${tab === 'agents' && html`<${AgentsPane} settings=${s} patch=${patch} />`}
        ${!program && state.detecting && PROGRAM_LABEL[tab] && html`<${ProgramLooking} tab=${tab} />`}
        ${program && html`<${ProgramPane} tab=${tab} program=${program} settings=${s} patch=${patch} />`}
        ${tab === 'software' && html`<${SoftwarePane} state=${state} setMessage=${setMessage} />`}
        ${tab === 'python' && html`<${PythonPane} state=${state} patch=${patch} setMessage=${setMessage} />`}
      </section>
    </div>
  </div>`;
}
