// Settings → SAP2000, ETABS, Mathcad Prime: the shared project folder, what drives the program on
// this computer (the program or the stand-in), the versions found with the one in use, and for
// Mathcad what happens to the files the agent writes.
import { h } from 'preact';
import htm from 'htm';
import { api } from '../lib/api.js';
import { PROGRAM_LABEL } from '../lib/labels.js';
import { FolderField } from '../components/folder-picker.js';
import { Field } from './field.js';

const html = htm.bind(h);

/** program: the detection of the tab's program (its adapter, installations and the selected one). */
export function ProgramPane({ tab, program, settings: s, patch }) {
  return html`<h2>${PROGRAM_LABEL[tab]}</h2>
    <${Field}
      label="Working directory"
      hint="The shared project folder: used when the header's Working folder is Shared project folder."
      ><${FolderField}
        api=${api}
        label="Working directory"
        value=${s.programs[tab].working_directory}
        set=${(v) => patch({ programs: { [tab]: { working_directory: v } } })}
    /><//>
    <${Field} label="Driven by"
      ><span
        >${program.adapter === 'stand-in frame solver' ? `The stand-in frame solver (${PROGRAM_LABEL[tab]} itself is not available on this computer)` : (program.adapter ?? 'Not available on this computer')}</span
      ><//
    >
    <${Installations} tab=${tab} program=${program} patch=${patch} />
    ${tab === 'mathcad' && html`<${MathcadFiles} settings=${s} patch=${patch} />`}`;
}

/** Said while detection runs and the program has no answer yet. */
export function ProgramLooking({ tab }) {
  return html`<h2>${PROGRAM_LABEL[tab]}</h2>
    <p class="muted" role="status">Looking for ${PROGRAM_LABEL[tab]} on this computer…</p>`;
}

/** The installations found, with Use on each usable one not in use, and Refresh to look again. */
function Installations({ tab, program, patch }) {
  return html`<${Field} label="Detected versions">
    <div>
      ${
        program.installations.length
          ? html`<table class="versions">
                <thead>
                  <tr>
                    <th>Version</th>
                    <th>Folder</th>
                    <th></th>
                  </tr>
                </thead>
                <tbody>
                  ${program.installations.map(
                    (i) =>
                      html`<tr>
                        <td>${i.version}</td>
                        <td class="muted">${i.folder}</td>
                        <td>
                          ${!i.usable ? 'missing' : program.selected === i.folder ? 'in use' : html`<button onClick=${() => patch({ programs: { [tab]: { selected_installation: i.folder } } })}>Use</button>`}
                        </td>
                      </tr>`,
                  )}
                </tbody>
              </table>
              ${program.needsPicker && html`<p class="muted">Several versions are installed: the newest is used unless you pick one.</p>`}`
          : html`<span class="muted">None found in the default locations.</span>`
      }
      <button style="margin-top:.5rem" onClick=${() => api('POST', '/api/programs/refresh')}>Refresh</button>
    </div><//
  >`;
}

/** Mathcad only: open what the agent writes, and whether an edit overwrites the file or writes a copy. */
function MathcadFiles({ settings: s, patch }) {
  // The leading space is the one the dialog always had between the versions and these fields.
  return html` <${Field} label="Auto-open generated files"
      ><input
        type="checkbox"
        aria-label="Auto-open generated files"
        checked=${s.programs.mathcad.auto_open_generated}
        onChange=${(e) => patch({ programs: { mathcad: { auto_open_generated: e.target.checked } } })}
    /><//>
    <${Field} label="Overwrite files when editing"
      ><input
        type="checkbox"
        aria-label="Overwrite files when editing"
        checked=${s.programs.mathcad.overwrite_on_edit}
        onChange=${(e) => patch({ programs: { mathcad: { overwrite_on_edit: e.target.checked } } })}
    /><//>`;
}
