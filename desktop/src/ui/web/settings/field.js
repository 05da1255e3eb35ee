// One labelled row of a settings pane, with its hint under the control.
import { h } from 'preact';
import htm from 'htm';

const html = htm.bind(h);

export function Field({ label, hint, children }) {
  return html`<div class="field">
    <span>${label}</span>
    <div>${children}</div>
    ${hint && html`<span class="hint">${hint}</span>`}
  </div>`;
}
