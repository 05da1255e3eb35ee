// The client's UI: Preact components written with htm tagged templates, so the browser loads
// the ES modules as they are and there is no build step. State comes from the core as one
// snapshot (GET /api/state, then `state` server-sent events); the chat follows the platform's
// run events the core relays (`run` events) and re-reads the stored messages after each step
// (the streamed answer stays on screen until a re-read holds it: lib/live-text.js).
// The parts are components of their own (components/): the conversation list, tool cards, the
// model picture, markdown, the folder picker.
import { h, render } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import htm from 'htm';
import { api } from './lib/api.js';
import { seconds, when } from './lib/format.js';
import { inWords, runReason } from './lib/words.js';
import { calculationRecord } from './lib/record.js';
import { PROGRAM_LABEL, STANDARDS } from './lib/labels.js';
import { DICTATION } from './lib/dictation.js';
import { afterReread, appendText, closeAt, unstored } from './lib/live-text.js';
import { History } from './components/history.js';
import { Markdown } from './components/markdown.js';
import { ModelPicture } from './components/model-picture.js';
import { ToolCard, splitName } from './components/tool-card.js';
import { Settings } from './settings/settings.js';
import { AuditExport } from './safety/audit-export.js';
import { ChangePreview } from './safety/change-preview.js';

const html = htm.bind(h);
const PILL = {
  stopped: 'Client stopped',
  starting: 'Starting…',
  connected: 'Connected',
  reconnecting: 'Reconnecting…',
  error: 'Client error',
};
const WORKING = ['THINKING', 'CALLING_TOOL', 'WAITING_FOR_DESKTOP'];

function useLive() {
  const [state, setState] = useState(null);
  const [gone, setGone] = useState(false);
  const listeners = useRef(new Set());
  useEffect(() => {
    const source = new EventSource('/api/events');
    source.addEventListener('state', (e) => {
      setGone(false);
      setState(JSON.parse(e.data));
    });
    source.addEventListener('run', (e) => {
      const d = JSON.parse(e.data);
      for (const l of listeners.current) l(d);
    });
    source.onerror = () => setGone(true);
    return () => source.close();
  }, []);
  return {
    state,
    gone,
    onRun: (fn) => {
      listeners.current.add(fn);
      return () => listeners.current.delete(fn);
    },
  };
}

/** Words first; the technical message one click away. */
function Said({ said }) {
  const [open, setOpen] = useState(false);
  if (!said) return null;
  return html`<span
    >${said.text}${said.details && html` <button class="link small" onClick=${() => setOpen(!open)}>${open ? 'Hide details' : 'Details'}</button>${open && html`<code class="details">${said.details}</code>`}`}</span
  >`;
}

/** A desktop notification for a finished or paused run (when the user allowed them). */
function notify(title, body) {
  if (!('Notification' in window) || Notification.permission !== 'granted') return;
  try {
    new Notification(title, { body, tag: title });
  } catch {
    /* a browser without notifications from pages */
  }
}

// ---------- screens before the main window ----------

function Setup({ setup }) {
  const pct = Math.round((100 * setup.done) / Math.max(1, setup.total));
  return html`<div class="center">
    <div class="card" role="status">
      <h1>Setting up Structural Platform</h1>
      <p class="muted">A one-time setup of the app on this computer. It takes about a minute.</p>
      <div class="progress" aria-label="Setup progress" aria-valuenow=${pct} role="progressbar">
        <div style=${`width:${pct}%`}></div>
      </div>
      <p>
        ${setup.state === 'failed' ? html`<span class="error"><${Said} said=${{ text: `Setup could not finish (${(setup.step ?? 'a step').toLowerCase()}).`, details: setup.error }} /></span><br /><span class="muted">Close and start the app again: setup picks up where it stopped.</span>` : (setup.step ?? 'Finishing…')}
      </p>
    </div>
  </div>`;
}

function SignIn({ state }) {
  const [error, setError] = useState(null);
  const go = () => api('POST', '/api/sign-in').catch((e) => setError(inWords(e)));
  const s = state.signIn;
  return html`<div class="center">
    <div class="card">
      <div class="brand" style="margin-bottom:1rem"><span class="logo"></span>Structural Platform</div>
      ${
        s.state === 'waiting'
          ? html`<h1>Continue in your browser</h1>
              <p>
                The sign-in page is open in your browser. Approve there and this window continues by itself — there is
                no code to copy.
              </p>
              <p class="muted">The sign-in stays open for 5 minutes.</p>
              <button onClick=${() => api('POST', '/api/sign-in/cancel')}>Cancel</button>`
          : s.state === 'expired'
            ? html`<h1>Sign-in timed out</h1>
                <p>The 5 minutes to approve in the browser have passed.</p>
                <button class="primary" onClick=${go}>Try Again</button>`
            : html`<h1>Sign in</h1>
                <p>Sign in so your agents can drive SAP2000, ETABS and Mathcad Prime on this computer.</p>
                ${s.state === 'failed' && html`<p class="error" role="alert"><${Said} said=${{ text: 'Sign-in did not complete.', details: s.message }} /></p>`}
                <button class="primary" onClick=${go}>
                  ${s.state === 'failed' ? 'Try Again' : 'Sign in with your browser'}
                </button>`
      }
      ${error && html`<p class="error" role="alert"><${Said} said=${error} /></p>`}
      <p class="muted" style="margin-top:1.5rem;font-size:12px">
        Platform ${state.platformUrl} · version ${state.version}
      </p>
    </div>
  </div>`;
}

// ---------- header ----------

function ClientPill({ client }) {
  const [open, setOpen] = useState(false);
  const act = (what) => {
    setOpen(false);
    api('POST', `/api/client/${what}`);
  };
  return html`<div class="menu" onKeyDown=${(e) => e.key === 'Escape' && setOpen(false)}>
    <button
      class="pill"
      aria-haspopup="menu"
      aria-expanded=${open}
      onClick=${() => setOpen(!open)}
      title=${client.detail ?? ''}
    >
      <span class=${`dot ${client.state}`}></span>${PILL[client.state]}
    </button>
    ${
      open &&
      html`<ul role="menu">
        <li>
          <button
            role="menuitem"
            onClick=${() => act('start')}
            disabled=${client.state !== 'stopped' && client.state !== 'error'}
          >
            Start client
          </button>
        </li>
        <li>
          <button role="menuitem" onClick=${() => act('stop')} disabled=${client.state === 'stopped'}>
            Stop client
          </button>
        </li>
        <li><button role="menuitem" onClick=${() => act('restart')}>Restart client</button></li>
      </ul>`
    }
  </div>`;
}

/** A lane as it really is: the program's own state only while this client is connected; "stand-in" when the stand-in answers. */
export function laneBadge(lane, client) {
  const name = PROGRAM_LABEL[lane.program];
  if (client !== 'connected')
    return {
      cls: 'off',
      text: `${name}: ${client === 'reconnecting' ? 'reconnecting' : client === 'starting' ? 'starting' : 'client stopped'}`,
    };
  const state = lane.state === 'not_running' ? 'not running' : lane.state;
  return lane.standIn
    ? { cls: `${lane.state} standin`, text: `${name} stand-in ${state}` }
    : { cls: lane.state, text: `${name} ${state}` };
}

function Header({ state, agents, chat, setChat, openSettings, quit }) {
  const locked = !!chat.conversationId;
  return html`<header class="bar">
    <div class="brand" title="Structural Platform">
      <span class="logo"></span><span class="name">Structural Platform</span>
    </div>
    <${ClientPill} client=${state.client} />
    <label class="inline"
      ><span class="label">Agent</span>
      <select
        aria-label="Agent"
        value=${chat.agentId ?? ''}
        disabled=${locked}
        title=${locked ? 'Fixed for this conversation: start a new chat to switch' : ''}
        onChange=${(e) => setChat({ ...chat, agentId: e.target.value })}
      >
        ${agents.map((a) => html`<option value=${a.id}>${a.name}</option>`)}
      </select>
    </label>
    <button
      onClick=${() => {
        api('POST', '/api/chat/new');
        setChat({ agentId: chat.agentId, conversationId: null });
      }}
    >
      New chat
    </button>
    <${AuditExport} conversationId=${chat.conversationId} />
    <label class="inline"
      ><span class="label">Folder</span>
      <select
        aria-label="Working folder"
        value=${state.workingFolder.mode}
        onChange=${(e) => api('POST', '/api/working-folder', { mode: e.target.value })}
      >
        <option value="chat">This chat only</option>
        <option value="project">Shared project folder</option>
      </select>
    </label>
    <button
      class="link small"
      title=${state.workingFolderPath}
      onClick=${() => api('POST', '/api/folders/open', { path: state.workingFolderPath })}
    >
      Open folder
    </button>
    <span class="spacer"></span>
    <span class="lanes" aria-label="Programs"
      >${state.lanes
        .filter((l) => l.state !== 'not_installed')
        .map((l) => {
          const b = laneBadge(l, state.client.state);
          return html`<span
            class=${`badge ${b.cls}`}
            data-lane=${l.program}
            title=${`${PROGRAM_LABEL[l.program]} ${l.activeVersion ?? ''}`}
            >${b.text}</span
          >`;
        })}</span
    >
    ${state.update.state === 'ready' && html`<button class="primary" onClick=${() => api('POST', '/api/updates/install').catch(() => undefined)}>Update</button>`}
    <button aria-label="Settings" onClick=${openSettings}>Settings</button>
    <button aria-label="Quit" onClick=${quit}>Quit</button>
  </header>`;
}

// ---------- chat ----------

/** The stored messages as the transcript: the user's and the agent's text, each tool call with its result. */
function transcript(messages, context) {
  const results = new Map(messages.filter((m) => m.role === 'TOOL').map((m) => [m.toolCallId, m.content]));
  const items = [];
  for (const m of messages) {
    if (m.role === 'USER') items.push(html`<div class="msg user">${m.content}</div>`);
    if (m.role === 'ASSISTANT') {
      for (const tc of m.toolCalls ?? []) {
        const raw = results.get(tc.id);
        let parsed = raw;
        try {
          parsed = JSON.parse(raw);
        } catch {}
        const error = parsed && typeof parsed === 'object' && parsed.error;
        items.push(
          html`<${ToolCard}
            key=${tc.id}
            context=${context}
            call=${{ name: tc.function?.name ?? tc.name, arguments: tc.function?.arguments ?? tc.arguments, result: error ? null : (parsed ?? null), errorCode: error?.code, errorMessage: error?.message, state: raw === undefined ? 'running' : error ? 'failed' : 'done' }}
          />`,
        );
      }
      if (m.content)
        items.push(
          html`<div class="msg assistant">
            <div class="who">Agent</div>
            <${Markdown} text=${m.content} />
          </div>`,
        );
    }
  }
  return items;
}

/** The model's units and dimension, from the conversation's last new_model (for the cards' tables). */
function modelContext(messages) {
  let context = { units: 'kN_m_C', dimension: '3d' };
  for (const m of messages)
    for (const tc of m.toolCalls ?? []) {
      if (splitName(tc.function?.name ?? '').tool !== 'new_model') continue;
      try {
        const a = JSON.parse(tc.function.arguments);
        context = { units: a.units ?? context.units, dimension: a.dimension ?? '2d' };
      } catch {}
    }
  return context;
}

/**
 * The open conversation as the core stores it and as its run streams: the stored messages, the
 * run's state, the tool calls still running, the live thought and text, the banner and the model's
 * sketch. Cleared when another conversation opens; `reload` re-reads the stored state after a step.
 * Re-reads can land out of order: one is shown only if no later one was, and only while its
 * conversation is open; what it drops of the live text and tools is what was stored when it was
 * asked for (the run events counted by `follow`).
 */
function useConversation(conversationId) {
  const [conversation, setConversation] = useState(null);
  const [messages, setMessages] = useState([]);
  const [run, setRun] = useState(null);
  const [tools, setTools] = useState([]);
  const [thought, setThought] = useState('');
  const [live, setLive] = useState([]);
  const [banner, setBanner] = useState(null);
  const [sketch, setSketch] = useState(null);
  const pictureTimer = useRef(null);
  const events = useRef(0);
  // Each opening of a conversation is a new `opened`; the event count runs on across them.
  const reads = useRef({ opened: null, asked: 0, shown: 0 });

  const interrupted = (code, reason) => {
    if (code === 'OUT_OF_CREDITS')
      api('GET', '/api/usage').then(
        (u) => setBanner({ kind: 'credits', resetAt: u.resetAt }),
        () => setBanner({ kind: 'credits', resetAt: null }),
      );
    else setBanner({ kind: 'interrupted', said: runReason(code, reason) });
  };
  // A burst of results redraws the picture once, 250 ms after the last.
  const loadPicture = (id) => {
    clearTimeout(pictureTimer.current);
    pictureTimer.current = setTimeout(
      () => api('GET', `/api/picture?id=${encodeURIComponent(id)}`).then(setSketch, () => undefined),
      250,
    );
  };
  /** Counts a run event; streamed text joins the live answer, which a MESSAGE or a STATUS closes. */
  const follow = (event) => {
    const seq = ++events.current;
    if (event.type === 'CONTENT') setLive((l) => appendText(l, event.text));
    if (event.type === 'MESSAGE' || event.type === 'STATUS') setLive((l) => closeAt(l, seq));
    return seq;
  };
  const reload = async (id, { clearTools = false } = {}) => {
    if (!id) return;
    const { opened } = reads.current;
    const order = ++reads.current.asked;
    const seen = events.current;
    const c = await api('GET', `/api/conversation?id=${encodeURIComponent(id)}`).catch(() => null);
    if (!c || reads.current.opened !== opened || order < reads.current.shown) return;
    reads.current.shown = order;
    setConversation(c);
    setMessages(c.messages);
    setLive((l) => afterReread(l, seen, c.messages));
    if (clearTools) setTools((ts) => ts.filter((t) => t.seq > seen));
    loadPicture(id);
    // A run event that came after the re-read was asked for says the run's state better than it.
    if (seen !== events.current) return;
    const r = c.latestRun;
    setRun(
      (old) =>
        r && {
          ...r,
          pauseStep: old?.id === r.id && old.pauseStep ? old.pauseStep : r.status === 'PAUSED' ? r.steps : r.stepLimit,
          elapsedMs: Date.parse(r.endedAt ?? new Date().toISOString()) - Date.parse(r.startedAt),
        },
    );
    if (r?.status === 'INTERRUPTED') interrupted(r.reasonCode, r.reason);
  };

  useEffect(() => {
    setConversation(null);
    setMessages([]);
    setRun(null);
    setTools([]);
    setThought('');
    setLive([]);
    reads.current = { ...reads.current, opened: {} };
    setBanner(null);
    setSketch(null);
    if (conversationId) {
      api('POST', '/api/chat/open', { conversationId }).catch(() => undefined);
      reload(conversationId);
    }
  }, [conversationId]);

  return {
    conversation,
    messages,
    run,
    setRun,
    tools,
    setTools,
    thought,
    setThought,
    live,
    follow,
    banner,
    setBanner,
    sketch,
    interrupted,
    loadPicture,
    reload,
  };
}

/** A run event's live part: the run's figures, the thought and the running tool calls (event `seq`). */
function showLive(conv, event, seq, thoughtPanel) {
  conv.setRun((r) => ({
    ...(r ?? {}),
    id: event.runId,
    status: event.status,
    steps: event.step,
    stepLimit: event.stepLimit,
    pauseStep: event.pauseStep,
    elapsedMs: event.elapsedMs,
    reasonCode: event.reasonCode,
    reason: event.reason,
  }));
  if (event.type === 'REASONING')
    conv.setThought((t) =>
      thoughtPanel === 'full' ? t + event.text : event.text.length > 1 ? t + event.text : event.text,
    );
  // A call is running from its TOOL_CALL until its TOOL_RESULT, whatever the call event's empty result says.
  if (event.type === 'TOOL_CALL')
    conv.setTools((ts) => [
      ...ts.filter((t) => t.callId !== event.toolCall.callId),
      { ...event.toolCall, state: 'running', startedAt: Date.now(), seq },
    ]);
}

/** A tool's result: its card shows done or failed with its time, and the picture redraws. */
function showToolResult(conv, event, conversationId) {
  conv.setTools((ts) =>
    ts.map((t) =>
      t.callId === event.toolCall.callId
        ? {
            ...event.toolCall,
            state: event.toolCall.errorCode ? 'failed' : 'done',
            startedAt: t.startedAt,
            endedAt: Date.now(),
            seq: t.seq,
          }
        : t,
    ),
  );
  conv.loadPicture(conversationId);
}

/** A step ended (a status or a message): re-read the stored state, say an interruption, notify an ending. */
function afterStep(conv, event, conversationId, { thoughtPanel, refreshHistory }) {
  // Past a tool step the stored messages hold its calls and results: the live cards give way.
  conv.reload(conversationId, { clearTools: event.status !== 'CALLING_TOOL' });
  if (event.status === 'THINKING' && thoughtPanel === 'latest') conv.setThought('');
  if (event.status === 'INTERRUPTED') conv.interrupted(event.reasonCode, event.reason);
  if (event.type === 'STATUS' && ['DONE', 'PAUSED', 'STOPPED', 'INTERRUPTED'].includes(event.status)) {
    refreshHistory();
    const title = conv.conversation?.title || 'Your conversation';
    if (event.status === 'DONE') notify('The agent has finished', title);
    if (event.status === 'PAUSED') notify('The agent paused at the step limit', `${title}: Resume to continue.`);
  }
}

/** Follows the open conversation's run events the core relays (other conversations' are ignored). */
function useRunEvents(conv, { conversationId, onRun, thoughtPanel, refreshHistory }) {
  useEffect(
    () =>
      onRun(({ conversationId: id, event }) => {
        if (id !== conversationId) return;
        showLive(conv, event, conv.follow(event), thoughtPanel);
        if (event.type === 'TOOL_RESULT') showToolResult(conv, event, id);
        if (event.type === 'STATUS' || event.type === 'MESSAGE')
          afterStep(conv, event, id, { thoughtPanel, refreshHistory });
      }),
    [conversationId, thoughtPanel, conv.conversation?.title],
  );
}

/** The facts a calculation record opens with: who worked, on what, where, to which standard, when. */
function recordFacts(conversation, agents, state) {
  const agent = agents.find((a) => a.id === conversation.agent.id);
  return [
    ['Agent', conversation.agent.name],
    ['Program', (agent?.programs ?? []).map((p) => PROGRAM_LABEL[p.toLowerCase()] ?? p).join(', ')],
    ['Working folder', state.workingFolderPath],
    ['Design standard', STANDARDS.find(([v]) => v === state.settings.general.design_standard)?.[1] ?? ''],
    ['Started', when(conversation.createdAt)],
    ['Exported', when(new Date().toISOString())],
  ];
}

/** The user's actions on the conversation; each failure lands in the banner, in words. */
function chatActions(conv, { state, chat, setChat, agents, text, setText, context, refreshHistory }) {
  const { conversation, setBanner } = conv;
  const failed = (e) => setBanner({ kind: 'error', said: inWords(e) });
  const saved = (r) => setBanner({ kind: 'saved', path: r.path });
  const send = async (e) => {
    e?.preventDefault();
    const content = text.trim();
    if (!content) return;
    // The first Send is the user's gesture the browser needs to ask about notifications.
    if ('Notification' in window && Notification.permission === 'default')
      Notification.requestPermission().catch(() => undefined);
    try {
      const sent = await api('POST', '/api/chat/send', {
        conversationId: chat.conversationId,
        agentId: chat.agentId,
        content,
      });
      setText('');
      setBanner(null);
      if (!chat.conversationId) setChat({ ...chat, conversationId: sent.conversation.id });
      else conv.reload(chat.conversationId);
      refreshHistory();
    } catch (err) {
      if (err.code === 'OUT_OF_CREDITS') setBanner({ kind: 'credits', resetAt: err.details?.reset_at });
      else failed(err);
    }
  };
  const resume = () => api('POST', '/api/chat/resume', { conversationId: chat.conversationId }).catch(failed);
  const stop = () =>
    api('POST', '/api/chat/stop', { conversationId: chat.conversationId }).then(
      () => conv.setRun((r) => ({ ...r, stopping: true })),
      failed,
    );
  const retry = () => {
    setBanner(null);
    api('POST', '/api/chat/retry', { conversationId: chat.conversationId }).catch((e) =>
      e.code === 'OUT_OF_CREDITS' ? setBanner({ kind: 'credits', resetAt: e.details?.reset_at }) : failed(e),
    );
  };
  const exportRecord = () => {
    const facts = recordFacts(conversation, agents, state);
    const svg = document.querySelector('.picture svg')?.outerHTML ?? null;
    const html = calculationRecord({ conversation, messages: conv.messages, context, facts, pictureSvg: svg });
    api('POST', '/api/export/record', { title: conversation.title || 'conversation', html }).then(saved, failed);
  };
  const exportXlsx = () => api('POST', '/api/export/xlsx', { conversationId: chat.conversationId }).then(saved, failed);
  return { send, resume, stop, retry, exportRecord, exportXlsx };
}

/** The open conversation's title and agent, its exports, and the model picture's switch. */
function ConversationBar({ conversation, actions, showPicture, setShowPicture }) {
  return html`<div class="convbar">
    <strong class="title">${conversation.title}</strong><span class="muted small">${conversation.agent.name}</span
    ><span class="spacer"></span>
    <button class="small" onClick=${actions.exportRecord}>Export calculation record</button
    ><button class="small" onClick=${actions.exportXlsx}>Export results (.xlsx)</button>
    <button class="small" aria-pressed=${showPicture} onClick=${() => setShowPicture(!showPicture)}>
      ${showPicture ? 'Hide model' : 'Show model'}
    </button>
  </div>`;
}

/** One banner at a time: out of credits, an interrupted response (with Retry), an error, or a saved file. */
function ChatBanner({ banner, retry }) {
  return html`${banner?.kind === 'credits' && html`<div class="banner bad" role="alert"><strong>Out of credits.</strong> Your usage limit for this period is reached. It resets ${banner.resetAt ? `on ${when(banner.resetAt)}` : 'at the start of the next period'}.</div>`}
  ${banner?.kind === 'interrupted' && html`<div class="banner warn" role="alert"><strong>Response interrupted.</strong><${Said} said=${banner.said} /><button onClick=${retry}>Retry</button></div>`}
  ${banner?.kind === 'error' && html`<div class="banner bad" role="alert"><${Said} said=${banner.said} /></div>`}
  ${banner?.kind === 'saved' && html`<div class="banner ok" role="status">Saved ${banner.path} <button class="small" onClick=${() => api('POST', '/api/folders/open', { path: banner.path.replace(/[\\/][^\\/]*$/, '') })}>Open folder</button></div>`}`;
}

/** The transcript, then what is live: the thought, the calls not yet stored, the answer text not yet stored. */
function ChatTranscript({ conv, context, endRef }) {
  const { messages, tools, thought, live: text } = conv;
  const stored = useMemo(() => new Set(messages.flatMap((m) => (m.toolCalls ?? []).map((t) => t.id))), [messages]);
  const live = tools.filter((t) => !stored.has(t.callId));
  return html`<main class="chat" aria-live="polite">
    ${
      !messages.length && !tools.length && !text.length
        ? html`<div class="empty">
            <h2>What should we analyse?</h2>
            <p>
              Ask the agent to build, run and read back a model. It drives the program on this computer and you see
              every step here.
            </p>
          </div>`
        : transcript(messages, context)
    }
    ${thought && html`<div class="thought" aria-label="Live thought panel">${thought}</div>`}
    ${live.map((t) => html`<${ToolCard} key=${t.callId} call=${t} context=${context} />`)}
    ${unstored(text, messages).map(
      (segment) =>
        html`<div class="msg assistant" data-live>
          <div class="who">Agent</div>
          <${Markdown} text=${segment.text} />
        </div>`,
    )}
    <div ref=${endRef}></div>
  </main>`;
}

/** The status line over the composer: paused (Resume), stopped, working (Stop), the stats, what Enter does. */
function RunStatus({ run, working, settings, actions }) {
  return html`<div class="status" role="status">
    ${run?.status === 'PAUSED' && html`<span><strong>Agent paused</strong> at the step limit (${run.steps} steps). <button class="link" onClick=${actions.resume}>Resume</button></span>`}
    ${run?.status === 'STOPPED' && html`<span><strong>Stopped.</strong> The run ended at your request; the call the program was running finished first.</span>`}
    ${working && html`<span>${run.stopping ? 'Stopping at the next safe point…' : run.status === 'CALLING_TOOL' ? 'Running tools…' : run.status === 'WAITING_FOR_DESKTOP' ? 'Waiting for this app to connect…' : 'Thinking…'}</span>`}
    ${working && !run.stopping && html`<button class="stop" onClick=${actions.stop}>Stop</button>`}
    ${settings.show_advanced_stats && run && html`<span data-stats>Step ${run.steps ?? 0} of ${Math.max(run.pauseStep ?? run.stepLimit ?? settings.step_limit, run.steps ?? 0)} · ${seconds(run.elapsedMs ?? 0)}</span>`}
    <span class="spacer"></span>
    ${working && html`<span>Enter ${settings.enter_while_working === 'steer' ? 'steers the current response' : 'queues your message'}</span>`}
  </div>`;
}

/** The message box: Enter sends, Shift+Enter breaks the line; dictation where the browser can. */
function MessageForm({ text, setText, send, canSend }) {
  return html`<form onSubmit=${send}>
    <textarea
      aria-label="Message"
      placeholder="Ask the agent…"
      rows="2"
      value=${text}
      onInput=${(e) => setText(e.target.value)}
      onKeyDown=${(e) => {
        if (e.key === 'Enter' && !e.shiftKey) {
          e.preventDefault();
          send();
        }
      }}
    ></textarea>
    ${DICTATION && html`<${Dictate} onText=${(t) => setText((x) => (x ? `${x} ${t}` : t))} />`}
    <button class="primary" type="submit" disabled=${!canSend}>Send</button>
  </form>`;
}

function Chat({ state, chat, setChat, onRun, agents, refreshHistory }) {
  const [text, setText] = useState('');
  const [showPicture, setShowPicture] = useState(true);
  const endRef = useRef(null);
  const settings = state.settings.agents;
  const conv = useConversation(chat.conversationId);
  const { conversation, messages, run } = conv;
  const context = useMemo(() => modelContext(messages), [messages]);
  useRunEvents(conv, {
    conversationId: chat.conversationId,
    onRun,
    thoughtPanel: settings.live_thought_panel,
    refreshHistory,
  });
  useEffect(() => endRef.current?.scrollIntoView({ block: 'end' }), [messages, conv.tools, conv.live, conv.thought]);
  const working = run && WORKING.includes(run.status);
  const actions = chatActions(conv, { state, chat, setChat, agents, text, setText, context, refreshHistory });

  return html`<div class="work">
    <div class="conversation">
      ${conversation && html`<${ConversationBar} conversation=${conversation} actions=${actions} showPicture=${showPicture} setShowPicture=${setShowPicture} />`}
      <${ChatBanner} banner=${conv.banner} retry=${actions.retry} />
      <${ChatTranscript} conv=${conv} context=${context} endRef=${endRef} />
      <footer class="composer">
        <${RunStatus} run=${run} working=${working} settings=${settings} actions=${actions} />
        <${MessageForm} text=${text} setText=${setText} send=${actions.send} canSend=${!!chat.agentId} />
      </footer>
    </div>
    ${conversation && showPicture && html`<section class="side" aria-label="Model"><${ModelPicture} sketch=${conv.sketch} /></section>`}
  </div>`;
}

function Dictate({ onText }) {
  const [on, setOn] = useState(false);
  const rec = useRef(null);
  const toggle = () => {
    if (on) return rec.current?.stop();
    const R = window.SpeechRecognition || window.webkitSpeechRecognition;
    const r = new R();
    r.interimResults = false;
    r.onresult = (e) => onText([...e.results].map((x) => x[0].transcript).join(' '));
    r.onend = () => setOn(false);
    rec.current = r;
    r.start();
    setOn(true);
  };
  return html`<button type="button" aria-pressed=${on} aria-label="Dictate" onClick=${toggle}>
    ${on ? 'Listening…' : 'Dictate'}
  </button>`;
}

function Confirm({ question }) {
  const [left, setLeft] = useState(10);
  useEffect(() => {
    const t = setInterval(
      () => setLeft(Math.max(0, Math.round((Date.parse(question.deadline) - Date.now()) / 1000))),
      250,
    );
    return () => clearInterval(t);
  }, [question.id]);
  const answer = (yes) => api('POST', '/api/confirm', { id: question.id, yes });
  const runs = question.runs ?? [];
  return html`<div class="overlay">
    <div class="dialog small" role="alertdialog" aria-label="Confirm">
      <h2>${question.action === 'quit' ? 'Quit Structural Platform?' : 'Install the update now?'}</h2>
      ${runs.length > 0 && html`<p>The agent is still working in ${runs.map((r) => `“${r}”`).join(', ')}. Quitting stops ${runs.length === 1 ? 'that run' : 'those runs'}; the call the program is running finishes first.</p>`}
      ${question.programs.length > 0 && html`<p>${question.programs.map((p) => PROGRAM_LABEL[p]).join(', ')} is running under the app's control. Continuing closes that session.</p>`}
      <p class="muted">Continuing in ${left} s without an answer.</p>
      <div style="display:flex;gap:.5rem">
        <button class="primary" onClick=${() => answer(true)}>
          ${question.action === 'quit' ? 'Quit' : 'Continue'}</button
        ><button onClick=${() => answer(false)}>Cancel</button>
      </div>
    </div>
  </div>`;
}

/** Not blocking: Settings, Stop and Quit stay usable while the app reconnects. */
function Reconnecting({ client }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, []);
  const left = client.retryAt ? Math.max(0, Math.round((Date.parse(client.retryAt) - Date.now()) / 1000)) : null;
  return html`<div class="banner warn reconnecting" role="alert">
    <span class="spinner small"></span> <strong>Reconnecting…</strong>
    <${Said} said=${{ text: client.detail ?? 'The connection to the platform dropped.', details: client.technical }} />
    <span class="muted"
      >${left !== null ? `Next try in ${left} s.` : ''} You stay signed in; a tool call in progress is kept.</span
    >
    <button onClick=${() => api('POST', '/api/client/retry')}>Retry now</button>
  </div>`;
}

/** After a relaunch: runs the platform still works on, which this app can stop. */
function StillWorking({ runs, open, stop }) {
  if (!runs.length) return null;
  return html`<div class="banner warn" role="status">
    ${runs.length === 1 ? 'An agent is still working' : `${runs.length} agents are still working`}:
    ${runs.map((r) => html`<span class="still">“${r.title || 'Untitled conversation'}” <button class="small" onClick=${() => open(r)}>Open</button> <button class="small" onClick=${() => stop(r.id)}>Stop</button></span>`)}
  </div>`;
}

// ---------- the window ----------

function Main({ state, onRun }) {
  const [agents, setAgents] = useState([]);
  const [chat, setChat] = useState({ agentId: null, conversationId: null });
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [historyKey, setHistoryKey] = useState(0);
  const [stillWorking, setStillWorking] = useState([]);
  const [quitting, setQuitting] = useState(false);
  const connected = state.client.state === 'connected';
  useEffect(() => {
    api('GET', '/api/agents').then(
      (a) => {
        setAgents(a);
        setChat((c) => ({ ...c, agentId: c.agentId ?? a[0]?.id ?? null }));
      },
      () => {},
    );
  }, [connected]);
  useEffect(() => {
    api('GET', '/api/runs/working').then(setStillWorking, () => undefined);
  }, [connected, historyKey]);
  const refreshHistory = () => setHistoryKey((k) => k + 1);
  const open = (c) => setChat({ agentId: c.agent?.id ?? chat.agentId, conversationId: c.id });
  const stop = (id) =>
    api('POST', '/api/chat/stop', { conversationId: id })
      .catch(() => undefined)
      .then(refreshHistory);
  const quit = () =>
    api('POST', '/api/quit').then(
      (r) => setQuitting(r.quitting),
      () => undefined,
    );
  if (quitting)
    return html`<div class="center">
      <div class="card">
        <h1>Structural Platform has quit</h1>
        <p>You can close this window.</p>
      </div>
    </div>`;
  return html`<div class="shell">
    <${Header}
      state=${state}
      agents=${agents}
      chat=${chat}
      setChat=${setChat}
      openSettings=${() => setSettingsOpen(true)}
      quit=${quit}
    />
    ${state.client.state === 'reconnecting' && html`<${Reconnecting} client=${state.client} />`}
    <${StillWorking} runs=${stillWorking.filter((r) => r.id !== chat.conversationId)} open=${open} stop=${stop} />
    <div class="body">
      <${History} api=${api} current=${chat.conversationId} open=${open} stop=${stop} refreshKey=${historyKey} />
      <${Chat}
        state=${state}
        chat=${chat}
        setChat=${setChat}
        onRun=${onRun}
        agents=${agents}
        refreshHistory=${refreshHistory}
      />
    </div>
    ${settingsOpen && html`<${Settings} state=${state} close=${() => setSettingsOpen(false)} />`}
  </div>`;
}

function App() {
  const { state, gone, onRun } = useLive();
  useEffect(() => {
    if (!state) return;
    document.documentElement.dataset.theme = state.settings.general.theme;
    document.documentElement.dataset.palette = state.settings.general.palette;
  }, [state?.settings.general.theme, state?.settings.general.palette]);
  if (!state) return html`<p class="boot">Starting…</p>`;
  return html`${gone && html`<div class="banner bad" role="alert">The app is not running any more. Start Structural Platform again to continue.</div>`}
  ${state.setup.state !== 'done' && state.setup.state !== 'pending' ? html`<${Setup} setup=${state.setup} />` : !state.signedIn ? html`<${SignIn} state=${state} />` : html`<${Main} state=${state} onRun=${onRun} />`}
  ${state.confirm && html`<${Confirm} question=${state.confirm} />`}
  ${state.signedIn && state.approvals?.length ? html`<${ChangePreview} approvals=${state.approvals} />` : null}`;
}

render(html`<${App} />`, document.getElementById('app'));
