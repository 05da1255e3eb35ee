// The client's UI: Preact components written with htm tagged templates, so the browser loads
// the ES modules as they are and there is no build step. State comes from the core as one
// snapshot (GET /api/state, then `state` server-sent events); the chat follows the platform's
// run events the core relays (`run` events) and re-reads the stored messages after each step.
import { h, render } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import htm from 'htm';
import { AuditExport } from '/static/safety/audit-export.js';
import { ChangePreview } from '/static/safety/change-preview.js';

const html = htm.bind(h);
const PROGRAM_LABEL = { sap2000: 'SAP2000', etabs: 'ETABS', mathcad: 'Mathcad Prime' };
const SHORT = { sap2000: 'SAP', etabs: 'ETABS', mathcad: 'Mathcad' };
const STANDARDS = [['us', 'US'], ['eurocode', 'Eurocode'], ['aus-nz', 'Australia/NZ'], ['canada', 'Canada'], ['philippines', 'Philippines'], ['singapore', 'Singapore']];
const PALETTES = [['default', 'Default'], ['blueprint', 'Blueprint'], ['graphite', 'Graphite'], ['high-contrast', 'High contrast']];
const PILL = { stopped: 'Client stopped', starting: 'Starting…', connected: 'Connected', reconnecting: 'Reconnecting…', error: 'Client error' };

async function api(method, path, body) {
  const res = await fetch(path, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const value = await res.json().catch(() => null);
  if (!res.ok) throw Object.assign(new Error(value?.error?.message ?? `HTTP ${res.status}`), { code: value?.error?.code, details: value?.error?.details });
  return value;
}

const when = (iso) => (iso ? new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' }) : '');
const seconds = (ms) => (ms < 60_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`);
const pretty = (v) => { try { return JSON.stringify(typeof v === 'string' ? JSON.parse(v) : v, null, 2); } catch { return String(v); } };

function useLive() {
  const [state, setState] = useState(null);
  const listeners = useRef(new Set());
  useEffect(() => {
    const source = new EventSource('/api/events');
    source.addEventListener('state', (e) => setState(JSON.parse(e.data)));
    source.addEventListener('run', (e) => { const d = JSON.parse(e.data); for (const l of listeners.current) l(d); });
    return () => source.close();
  }, []);
  return { state, onRun: (fn) => { listeners.current.add(fn); return () => listeners.current.delete(fn); } };
}

// ---------- screens before the main window ----------

function Setup({ setup }) {
  const pct = Math.round((100 * setup.done) / Math.max(1, setup.total));
  return html`<div class="center"><div class="card" role="status">
    <h1>Setting up Structural Platform</h1>
    <p class="muted">A one-time setup of the app's environment. It takes about a minute.</p>
    <div class="progress" aria-label="Setup progress" aria-valuenow=${pct} role="progressbar"><div style=${`width:${pct}%`}></div></div>
    <p>${setup.state === 'failed' ? html`<span class="error">${setup.error}</span><br/><span class="muted">Restart the app to try again; setup resumes automatically.</span>` : setup.step ?? 'Finishing…'}</p>
  </div></div>`;
}

function SignIn({ state }) {
  const [error, setError] = useState(null);
  const go = () => api('POST', '/api/sign-in').catch((e) => setError(e.message));
  const s = state.signIn;
  return html`<div class="center"><div class="card">
    <div class="brand" style="margin-bottom:1rem"><span class="logo"></span>Structural Platform</div>
    ${s.state === 'waiting'
      ? html`<h1>Continue in your browser</h1>
          <p>We opened the sign-in page in your default browser. Approve there and this window continues by itself — there is no code to copy.</p>
          <p class="muted">This sign-in stays open for 5 minutes.</p>
          <button onClick=${() => api('POST', '/api/sign-in/cancel')}>Cancel</button>`
      : s.state === 'expired'
        ? html`<h1>Sign-in window closed</h1><p>${s.message}</p><button class="primary" onClick=${go}>Try Again</button>`
        : html`<h1>Sign in</h1>
            <p>Sign in to let your agents drive SAP2000, ETABS and Mathcad Prime on this computer.</p>
            ${s.state === 'failed' && html`<p class="error" role="alert">${s.message}</p>`}
            <button class="primary" onClick=${go}>${s.state === 'failed' ? 'Try Again' : 'Sign in with your browser'}</button>`}
    ${error && html`<p class="error" role="alert">${error}</p>`}
    <p class="muted" style="margin-top:1.5rem;font-size:12px">Platform: ${state.platformUrl} · version ${state.version}</p>
  </div></div>`;
}

// ---------- header ----------

function ClientPill({ client }) {
  const [open, setOpen] = useState(false);
  const act = (what) => { setOpen(false); api('POST', `/api/client/${what}`); };
  return html`<div class="menu" onKeyDown=${(e) => e.key === 'Escape' && setOpen(false)}>
    <button class="pill" aria-haspopup="menu" aria-expanded=${open} onClick=${() => setOpen(!open)} title=${client.detail ?? ''}>
      <span class=${`dot ${client.state}`}></span>${PILL[client.state]}
    </button>
    ${open && html`<ul role="menu">
      <li><button role="menuitem" onClick=${() => act('start')} disabled=${client.state !== 'stopped' && client.state !== 'error'}>Start client</button></li>
      <li><button role="menuitem" onClick=${() => act('stop')} disabled=${client.state === 'stopped'}>Stop client</button></li>
      <li><button role="menuitem" onClick=${() => act('restart')}>Restart client</button></li>
    </ul>`}
  </div>`;
}

function Header({ state, agents, chat, setChat, openSettings }) {
  const locked = !!chat.conversationId;
  return html`<header class="bar">
    <div class="brand"><span class="logo"></span>Structural Platform</div>
    <${ClientPill} client=${state.client} />
    <label class="inline">Agent
      <select aria-label="Agent" value=${chat.agentId ?? ''} disabled=${locked} title=${locked ? 'Locked for this conversation: start a new chat to switch' : ''}
        onChange=${(e) => setChat({ ...chat, agentId: e.target.value })}>
        ${agents.map((a) => html`<option value=${a.id}>${a.name}</option>`)}
      </select>
    </label>
    <button onClick=${() => { api('POST', '/api/chat/new'); setChat({ agentId: chat.agentId, conversationId: null }); }}>New chat</button>
    <${AuditExport} conversationId=${chat.conversationId} />
    <label class="inline">Working folder
      <select aria-label="Working folder" value=${state.workingFolder.mode} onChange=${(e) => api('POST', '/api/working-folder', { mode: e.target.value })}>
        <option value="chat">This chat only</option>
        <option value="project">Shared project folder</option>
      </select>
    </label>
    <span class="spacer"></span>
    <span class="lanes" aria-label="Programs">${state.lanes.filter((l) => l.state !== 'not_installed').map((l) => html`<span class=${`badge ${l.state}`} data-lane=${l.program} title=${`${PROGRAM_LABEL[l.program]} ${l.activeVersion ?? ''}`}>${SHORT[l.program]} ${l.state.replace('_', ' ')}</span>`)}</span>
    ${state.update.state === 'ready' && html`<button class="primary" onClick=${() => api('POST', '/api/updates/install').catch((e) => alert(e.message))}>Update</button>`}
    <button aria-label="Settings" onClick=${openSettings}>⚙ Settings</button>
  </header>`;
}

// ---------- chat ----------

function ToolCard({ call }) {
  const failed = !!call.errorCode;
  const running = call.result === undefined && !failed;
  return html`<details class=${`tool ${failed ? 'failed' : running ? 'running' : ''}`} data-tool=${call.name}>
    <summary><span class="name">${call.name}</span><span class="muted">${running ? 'running…' : failed ? `${call.errorCode}: ${call.errorMessage ?? ''}` : 'done'}</span></summary>
    <pre>${pretty(call.arguments)}</pre>
    ${!running && html`<pre>${pretty(failed ? { error: call.errorCode, message: call.errorMessage } : call.result)}</pre>`}
  </details>`;
}

/** The stored messages as the transcript: user and agent text, and each tool call with its result. */
function transcript(messages) {
  const results = new Map(messages.filter((m) => m.role === 'TOOL').map((m) => [m.toolCallId, m.content]));
  const items = [];
  for (const m of messages) {
    if (m.role === 'USER') items.push(html`<div class="msg user">${m.content}</div>`);
    if (m.role === 'ASSISTANT') {
      if (m.content) items.push(html`<div class="msg assistant"><div class="who">Agent</div>${m.content}</div>`);
      for (const tc of m.toolCalls ?? []) {
        const raw = results.get(tc.id);
        let parsed = raw; try { parsed = JSON.parse(raw); } catch {}
        const error = parsed && typeof parsed === 'object' && parsed.error;
        items.push(html`<${ToolCard} call=${{ name: tc.function?.name ?? tc.name, arguments: tc.function?.arguments ?? tc.arguments, result: error ? undefined : parsed ?? null, errorCode: error?.code, errorMessage: error?.message }} />`);
      }
    }
  }
  return items;
}

function Chat({ state, chat, setChat, live, onRun }) {
  const [messages, setMessages] = useState([]);
  const [run, setRun] = useState(null);
  const [tools, setTools] = useState([]);
  const [thought, setThought] = useState('');
  const [streamed, setStreamed] = useState('');
  const [text, setText] = useState('');
  const [banner, setBanner] = useState(null);
  const endRef = useRef(null);
  const settings = state.settings.agents;

  const interrupted = (code, reason) => {
    if (code === 'OUT_OF_CREDITS') api('GET', '/api/usage').then((u) => setBanner({ kind: 'credits', resetAt: u.resetAt }), () => setBanner({ kind: 'credits', resetAt: null }));
    else setBanner({ kind: 'interrupted', reason });
  };
  const reload = async (id) => {
    if (!id) return;
    const c = await api('GET', `/api/conversation?id=${encodeURIComponent(id)}`);
    if (!c) return;
    setMessages(c.messages);
    const r = c.latestRun;
    setRun(r && { ...r, elapsedMs: Date.parse(r.endedAt ?? new Date().toISOString()) - Date.parse(r.startedAt) });
    // The run may have ended before this view followed its events (a model error right away).
    if (r?.status === 'INTERRUPTED') interrupted(r.reasonCode, r.reason);
  };

  useEffect(() => { setMessages([]); setRun(null); setTools([]); setThought(''); setStreamed(''); setBanner(null); reload(chat.conversationId); }, [chat.conversationId]);

  useEffect(() => onRun(({ conversationId, event }) => {
    if (conversationId !== chat.conversationId) return;
    setRun((r) => ({ ...(r ?? {}), id: event.runId, status: event.status, steps: event.step, stepLimit: event.stepLimit, elapsedMs: event.elapsedMs, reasonCode: event.reasonCode, reason: event.reason }));
    if (event.type === 'REASONING') setThought((t) => (settings.live_thought_panel === 'full' ? t + event.text : event.text.length > 1 ? t + event.text : event.text));
    if (event.type === 'CONTENT') setStreamed((s) => s + event.text);
    if (event.type === 'TOOL_CALL') setTools((ts) => [...ts.filter((t) => t.callId !== event.toolCall.callId), event.toolCall]);
    if (event.type === 'TOOL_RESULT') setTools((ts) => ts.map((t) => (t.callId === event.toolCall.callId ? { ...event.toolCall, result: event.toolCall.result ?? (event.toolCall.errorCode ? undefined : null) } : t)));
    if (event.type === 'STATUS' || event.type === 'MESSAGE') {
      reload(conversationId).then(() => { if (event.status !== 'CALLING_TOOL') { setTools([]); setStreamed(''); } });
      if (event.status === 'THINKING' && settings.live_thought_panel === 'latest') setThought('');
      if (event.status === 'INTERRUPTED') interrupted(event.reasonCode, event.reason);
    }
  }), [chat.conversationId, settings.live_thought_panel]);

  useEffect(() => endRef.current?.scrollIntoView({ block: 'end' }), [messages, tools, streamed, thought]);

  // Live cards until the step's messages are stored, then the transcript shows them.
  const stored = useMemo(() => new Set(messages.flatMap((m) => (m.toolCalls ?? []).map((t) => t.id))), [messages]);
  const working = run && ['THINKING', 'CALLING_TOOL', 'WAITING_FOR_DESKTOP'].includes(run.status);
  const send = async (e) => {
    e?.preventDefault();
    const content = text.trim();
    if (!content) return;
    try {
      const sent = await api('POST', '/api/chat/send', { conversationId: chat.conversationId, agentId: chat.agentId, content });
      setText('');
      setBanner(null);
      if (!chat.conversationId) setChat({ ...chat, conversationId: sent.conversation.id });
      else reload(chat.conversationId);
    } catch (err) {
      if (err.code === 'OUT_OF_CREDITS') setBanner({ kind: 'credits', resetAt: err.details?.reset_at });
      else setBanner({ kind: 'error', reason: err.message });
    }
  };
  const resume = () => api('POST', '/api/chat/resume', { conversationId: chat.conversationId }).catch((e) => setBanner({ kind: 'error', reason: e.message }));
  const retry = () => { setBanner(null); api('POST', '/api/chat/retry', { conversationId: chat.conversationId }).catch((e) => (e.code === 'OUT_OF_CREDITS' ? setBanner({ kind: 'credits', resetAt: e.details?.reset_at }) : setBanner({ kind: 'error', reason: e.message }))); };

  return html`
    ${banner?.kind === 'credits' && html`<div class="banner bad" role="alert"><strong>Out of credits.</strong> Your usage limit for this period is reached. It resets ${banner.resetAt ? `on ${when(banner.resetAt)}` : 'at the start of the next period'}.</div>`}
    ${banner?.kind === 'interrupted' && html`<div class="banner warn" role="alert"><strong>Response interrupted.</strong><span>${banner.reason}</span><button onClick=${retry}>Retry</button></div>`}
    ${banner?.kind === 'error' && html`<div class="banner bad" role="alert">${banner.reason}</div>`}
    <main class="chat" aria-live="polite">
      ${!messages.length && !tools.length ? html`<div class="empty"><h2>What should we analyse?</h2><p>Ask the agent to build, run and read back a model. It drives the program on this computer and you see every step here.</p></div>` : transcript(messages)}
      ${thought && html`<div class="thought" aria-label="Live thought panel">${thought}</div>`}
      ${tools.filter((t) => !stored.has(t.callId)).map((t) => html`<${ToolCard} call=${t} />`)}
      ${streamed && working && html`<div class="msg assistant"><div class="who">Agent</div>${streamed}</div>`}
      <div ref=${endRef}></div>
    </main>
    <footer class="composer">
      <div class="status" role="status">
        ${run?.status === 'PAUSED' && html`<span><strong>Agent paused</strong> at the step limit (${run.steps} steps). <button class="link" onClick=${resume}>Resume</button></span>`}
        ${working && html`<span>${run.status === 'CALLING_TOOL' ? 'Running tools…' : run.status === 'WAITING_FOR_DESKTOP' ? 'Waiting for the desktop client…' : 'Thinking…'}</span>`}
        ${settings.show_advanced_stats && run && html`<span data-stats>Step ${run.steps ?? 0} of ${run.stepLimit ?? settings.step_limit} · ${seconds(run.elapsedMs ?? 0)}</span>`}
        <span class="spacer"></span>
        ${working && html`<span>Enter ${settings.enter_while_working === 'steer' ? 'steers the current response' : 'queues your message'}</span>`}
      </div>
      <form onSubmit=${send}>
        <textarea aria-label="Message" placeholder="Ask the agent…" rows="2" value=${text} onInput=${(e) => setText(e.target.value)}
          onKeyDown=${(e) => { if (e.key === 'Enter' && !e.shiftKey) { e.preventDefault(); send(); } }}></textarea>
        <button class="primary" type="submit" disabled=${!chat.agentId}>Send</button>
      </form>
    </footer>`;
}

// ---------- settings ----------

function Field({ label, hint, children }) {
  return html`<div class="field"><span>${label}</span><div>${children}</div>${hint && html`<span class="hint">${hint}</span>`}</div>`;
}

function Settings({ state, close }) {
  const [tab, setTab] = useState('general');
  const [usage, setUsage] = useState(null);
  const [message, setMessage] = useState(null);
  const s = state.settings;
  const patch = (p) => api('PATCH', '/api/settings', p).then(() => setMessage(null), (e) => setMessage(e.message));
  useEffect(() => { if (tab === 'general') api('GET', '/api/usage').then(setUsage, () => setUsage(null)); }, [tab]);
  useEffect(() => { const esc = (e) => e.key === 'Escape' && close(); addEventListener('keydown', esc); return () => removeEventListener('keydown', esc); }, []);
  const tabs = [['general', 'General'], ['agents', 'Agents'], ['sap2000', 'SAP2000'], ['etabs', 'ETABS'], ['mathcad', 'Mathcad Prime'], ['software', 'Software'], ['python', 'Python']];
  const program = state.detections.find((d) => d.program === tab);
  return html`<div class="overlay" onClick=${(e) => e.target === e.currentTarget && close()}>
    <div class="dialog" role="dialog" aria-modal="true" aria-label="Settings">
      <nav class="tabs" role="tablist">${tabs.map(([id, label]) => html`<button role="tab" aria-selected=${tab === id} onClick=${() => setTab(id)}>${label}</button>`)}
        <span class="spacer"></span><button onClick=${close}>Close</button></nav>
      <section class="pane" role="tabpanel">
        ${message && html`<p class="error" role="alert">${message}</p>`}
        ${tab === 'general' && html`<h2>General</h2>
          <${Field} label="Theme"><select aria-label="Theme" value=${s.general.theme} onChange=${(e) => patch({ general: { theme: e.target.value } })}><option value="light">Light</option><option value="dark">Dark</option></select><//>
          <${Field} label="Palette"><select aria-label="Palette" value=${s.general.palette} onChange=${(e) => patch({ general: { palette: e.target.value } })}>${PALETTES.map(([v, l]) => html`<option value=${v}>${l}</option>`)}</select><//>
          <${Field} label="Design standard"><select aria-label="Design standard" value=${s.general.design_standard} onChange=${(e) => patch({ general: { design_standard: e.target.value } })}>${STANDARDS.map(([v, l]) => html`<option value=${v}>${l}</option>`)}</select><//>
          <${Field} label="Dictation microphone" hint="The system default unless you pick one."><${Microphone} value=${s.general.dictation_microphone} patch=${patch} /><//>
          <${Field} label="Pre-warm on app launch" hint="Starts the selected program when the app starts (it holds a licence seat)."><input type="checkbox" aria-label="Pre-warm on app launch" checked=${s.general.prewarm_on_launch} onChange=${(e) => patch({ general: { prewarm_on_launch: e.target.checked } })} /><//>
          <${Field} label="Account">
            <div>${usage ? html`<div>Machine ${state.machine.name} · signed in (${state.tokenStore === 'keychain' ? 'system keychain' : 'owner-only file'})</div>
              <div class="meter" title="Usage this period" style="margin:.4rem 0"><div style=${`width:${Math.min(100, (100 * usage.usedUsd) / usage.limitUsd)}%`}></div></div>
              <div class="muted">${usage.usedUsd.toFixed(2)} of ${usage.limitUsd.toFixed(2)} USD used · resets ${when(usage.resetAt)}</div>` : html`<span class="muted">Usage unavailable offline</span>`}
              <button style="margin-top:.5rem" onClick=${() => { close(); api('POST', '/api/logout'); }}>Logout</button></div><//>
          <${Field} label="Reset Configuration" hint="Clears preferences, working directories and environment paths. You stay signed in."><button onClick=${() => api('POST', '/api/settings/reset').then(() => setMessage(null))}>Reset Configuration</button><//>`}
        ${tab === 'agents' && html`<h2>Agents</h2>
          <${Field} label="Show advanced stats" hint="Elapsed time and step count in the status bar."><input type="checkbox" aria-label="Show advanced stats" checked=${s.agents.show_advanced_stats} onChange=${(e) => patch({ agents: { show_advanced_stats: e.target.checked } })} /><//>
          <${Field} label="Agent step limit" hint="Steps per turn before the agent pauses (1 to 500)."><input type="number" aria-label="Agent step limit" min="1" max="500" value=${s.agents.step_limit} onChange=${(e) => patch({ agents: { step_limit: Number(e.target.value) } })} /><//>
          <${Field} label="Enter while agent is working"><select aria-label="Enter while agent is working" value=${s.agents.enter_while_working} onChange=${(e) => patch({ agents: { enter_while_working: e.target.value } })}><option value="steer">Steer the current response</option><option value="queue">Queue the message</option></select><//>
          <${Field} label="Live thought panel"><select aria-label="Live thought panel" value=${s.agents.live_thought_panel} onChange=${(e) => patch({ agents: { live_thought_panel: e.target.value } })}><option value="latest">Latest reasoning</option><option value="full">Full log</option></select><//>
          <${Field} label="Formatting standards folder"><${Folder} label="Formatting standards folder" value=${s.agents.formatting_standards_folder} set=${(v) => patch({ agents: { formatting_standards_folder: v } })} /><//>`}
        ${program && html`<h2>${PROGRAM_LABEL[tab]}</h2>
          <${Field} label="Working directory"><${Folder} label="Working directory" value=${s.programs[tab].working_directory} set=${(v) => patch({ programs: { [tab]: { working_directory: v } } })} /><//>
          <${Field} label="Driven by"><span>${program.adapter ?? 'Not available on this computer'}</span><//>
          <${Field} label="Detected versions">
            <div>${program.installations.length ? html`<table class="versions"><thead><tr><th>Version</th><th>Folder</th><th></th></tr></thead><tbody>
              ${program.installations.map((i) => html`<tr><td>${i.version}</td><td class="muted">${i.folder}</td><td>${!i.usable ? 'missing' : program.selected === i.folder ? 'in use' : html`<button onClick=${() => patch({ programs: { [tab]: { selected_installation: i.folder } } })}>Use</button>`}</td></tr>`)}
              </tbody></table>${program.needsPicker && html`<p class="muted">Several versions are installed: the newest is used unless you pick one.</p>`}` : html`<span class="muted">None found in the default locations.</span>`}
              <button style="margin-top:.5rem" onClick=${() => api('POST', '/api/programs/refresh')}>Refresh</button></div><//>
          ${tab === 'mathcad' && html`
            <${Field} label="Auto-open generated files"><input type="checkbox" aria-label="Auto-open generated files" checked=${s.programs.mathcad.auto_open_generated} onChange=${(e) => patch({ programs: { mathcad: { auto_open_generated: e.target.checked } } })} /><//>
            <${Field} label="Overwrite files when editing"><input type="checkbox" aria-label="Overwrite files when editing" checked=${s.programs.mathcad.overwrite_on_edit} onChange=${(e) => patch({ programs: { mathcad: { overwrite_on_edit: e.target.checked } } })} /><//>`}`}
        ${tab === 'software' && html`<h2>Software</h2>
          <${Field} label="Version"><span>${state.version}</span><//>
          <${Field} label="Update status"><span data-update=${state.update.state}>${{ idle: 'Not checked yet', checking: 'Checking…', up_to_date: 'Up to date', downloading: `Downloading ${state.update.latest} (${Math.round((100 * state.update.received) / Math.max(1, state.update.total))}%)`, ready: `Version ${state.update.latest} is ready to install`, error: state.update.message }[state.update.state]}</span><//>
          <${Field} label="Last checked"><span>${when(state.update.checkedAt) || 'never'}</span><//>
          <${Field} label=""><div style="display:flex;gap:.5rem"><button onClick=${() => api('POST', '/api/updates/check')}>Check for updates</button>
            <button class="primary" disabled=${state.update.state !== 'ready'} onClick=${() => api('POST', '/api/updates/install').catch((e) => setMessage(e.message))}>Update now</button></div><//>
          <${Field} label="Logs"><span class="muted">${state.logs}</span><//>`}
        ${tab === 'python' && html`<h2>Python</h2>
          <${Field} label="Environment"><select aria-label="Python environment" value=${s.python.mode} onChange=${(e) => patch({ python: { mode: e.target.value } })}><option value="auto">Auto-detect</option><option value="installation">A found installation</option><option value="managed">The app's managed environment</option></select><//>
          <${Field} label="Found installations">${state.pythons.length ? html`<select aria-label="Python installation" value=${s.python.installation ?? ''} onChange=${(e) => patch({ python: { mode: 'installation', installation: e.target.value || null } })}><option value="">(auto)</option>${state.pythons.map((p) => html`<option value=${p}>${p}</option>`)}</select>` : html`<span class="muted">None found</span>`}<//>
          <${Field} label="Fresh environment"><button onClick=${() => api('POST', '/api/python/download').catch((e) => setMessage(e.message))}>Download a fresh one</button><//>`}
      </section>
    </div></div>`;
}

function Folder({ label, value, set }) {
  const [text, setText] = useState(value ?? '');
  useEffect(() => setText(value ?? ''), [value]);
  return html`<div style="display:flex;gap:.4rem"><input type="text" aria-label=${label} style="flex:1" placeholder="Not set" value=${text} onInput=${(e) => setText(e.target.value)} />
    <button onClick=${() => set(text.trim() || null)}>Save</button>${value && html`<button onClick=${() => set(null)}>Clear</button>`}</div>`;
}

function Microphone({ value, patch }) {
  const [devices, setDevices] = useState([]);
  useEffect(() => { navigator.mediaDevices?.enumerateDevices?.().then((d) => setDevices(d.filter((x) => x.kind === 'audioinput' && x.deviceId)), () => {}); }, []);
  return html`<select aria-label="Dictation microphone" value=${value ?? ''} onChange=${(e) => patch({ general: { dictation_microphone: e.target.value || null } })}>
    <option value="">System default</option>${devices.map((d) => html`<option value=${d.deviceId}>${d.label || d.deviceId}</option>`)}</select>`;
}

function Confirm({ question }) {
  const [left, setLeft] = useState(10);
  useEffect(() => { const t = setInterval(() => setLeft(Math.max(0, Math.round((Date.parse(question.deadline) - Date.now()) / 1000))), 250); return () => clearInterval(t); }, [question.id]);
  const answer = (yes) => api('POST', '/api/confirm', { id: question.id, yes });
  return html`<div class="overlay"><div class="dialog small" role="alertdialog" aria-label="Confirm">
    <h2>${question.action === 'quit' ? 'Quit Structural Platform?' : 'Install the update now?'}</h2>
    <p>${question.programs.map((p) => PROGRAM_LABEL[p]).join(', ')} is running under the app's control. Continuing closes that session.</p>
    <p class="muted">Continuing in ${left} s without an answer.</p>
    <div style="display:flex;gap:.5rem"><button class="primary" onClick=${() => answer(true)}>Continue</button><button onClick=${() => answer(false)}>Cancel</button></div>
  </div></div>`;
}

// ---------- the window ----------

function Main({ state, onRun }) {
  const [agents, setAgents] = useState([]);
  const [chat, setChat] = useState({ agentId: null, conversationId: null });
  const [settingsOpen, setSettingsOpen] = useState(false);
  useEffect(() => { api('GET', '/api/agents').then((a) => { setAgents(a); setChat((c) => ({ ...c, agentId: c.agentId ?? a[0]?.id ?? null })); }, () => {}); }, [state.client.state === 'connected']);
  return html`<div class="shell">
    <${Header} state=${state} agents=${agents} chat=${chat} setChat=${setChat} openSettings=${() => setSettingsOpen(true)} />
    <${Chat} state=${state} chat=${chat} setChat=${setChat} onRun=${onRun} />
    ${state.client.state === 'reconnecting' && html`<div class="reconnect" role="alert"><div class="card" style="text-align:center"><div class="spinner"></div><h1>Reconnecting…</h1>
      <p>The connection to the platform dropped. The app reconnects by itself and resumes any tool call in progress; you stay signed in.</p><p class="muted">${state.client.detail}</p></div></div>`}
    ${settingsOpen && html`<${Settings} state=${state} close=${() => setSettingsOpen(false)} />`}
  </div>`;
}

function App() {
  const { state, onRun } = useLive();
  useEffect(() => {
    if (!state) return;
    document.documentElement.dataset.theme = state.settings.general.theme;
    document.documentElement.dataset.palette = state.settings.general.palette;
  }, [state?.settings.general.theme, state?.settings.general.palette]);
  if (!state) return html`<p class="boot">Starting…</p>`;
  return html`${state.setup.state !== 'done' && state.setup.state !== 'pending' ? html`<${Setup} setup=${state.setup} />` : !state.signedIn ? html`<${SignIn} state=${state} />` : html`<${Main} state=${state} onRun=${onRun} />`}
    ${state.confirm && html`<${Confirm} question=${state.confirm} />`}
    ${state.signedIn && state.approvals?.length ? html`<${ChangePreview} approvals=${state.approvals} />` : null}`;
}

render(html`<${App} />`, document.getElementById('app'));
