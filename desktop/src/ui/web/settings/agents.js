// Settings → Agents: what the status bar shows, the step limit, what Enter does while the agent
// works, the live thought panel, and the formatting standards folder given to the agent.
import { h } from 'preact';
import htm from 'htm';
import { api } from '../lib/api.js';
import { FolderField } from '../components/folder-picker.js';
import { Field } from './field.js';

const html = htm.bind(h);

export function AgentsPane({ settings: s, patch }) {
  return html`<h2>Agents</h2>
    <${Field} label="Show advanced stats" hint="Elapsed time and step count in the status bar."
      ><input
        type="checkbox"
        aria-label="Show advanced stats"
        checked=${s.agents.show_advanced_stats}
        onChange=${(e) => patch({ agents: { show_advanced_stats: e.target.checked } })}
    /><//>
    <${Field} label="Agent step limit" hint="Steps per turn before the agent pauses (1 to 500)."
      ><input
        type="number"
        aria-label="Agent step limit"
        min="1"
        max="500"
        value=${s.agents.step_limit}
        onChange=${(e) => patch({ agents: { step_limit: Number(e.target.value) } })}
    /><//>
    <${Field} label="Enter while agent is working"
      ><select
        aria-label="Enter while agent is working"
        value=${s.agents.enter_while_working}
        onChange=${(e) => patch({ agents: { enter_while_working: e.target.value } })}
      >
        <option value="steer">Steer the current response</option>
        <option value="queue">Queue the message</option>
      </select><//
    >
    <${Field} label="Live thought panel"
      ><select
        aria-label="Live thought panel"
        value=${s.agents.live_thought_panel}
        onChange=${(e) => patch({ agents: { live_thought_panel: e.target.value } })}
      >
        <option value="latest">Latest reasoning</option>
        <option value="full">Full log</option>
      </select><//
    >
    <${Field}
      label="Formatting standards folder"
      hint="Text files (.md, .txt) in this folder are given to the agent with every message, with your design standard."
      ><${FolderField}
        api=${api}
        label="Formatting standards folder"
        writable=${false}
        value=${s.agents.formatting_standards_folder}
        set=${(v) => patch({ agents: { formatting_standards_folder: v } })}
    /><//>`;
}
