// The project viewer in the browser: pdf.js renders each sheet; callouts are boxes over it that
// open their target sheet at the referenced view; Back returns along the path taken.
import * as pdfjs from '/projects/viewer-assets/pdf.mjs';
pdfjs.GlobalWorkerOptions.workerSrc = '/projects/viewer-assets/pdf.worker.mjs';

const projectId = location.pathname.split('/')[2];
const $ = (id) => document.getElementById(id);
const docs = new Map();
const history = [];
let model = null;
let current = null;
const SCALE = () => Math.min(2, Math.max(0.3, ($('stage').clientWidth - 24) / (current?.width ?? 1000)));

async function start() {
  const res = await fetch(`/projects/${projectId}/view/data`, { credentials: 'same-origin' });
  if (res.status === 401) return showLogin();
  if (!res.ok) return showError((await res.json()).error?.message ?? res.statusText);
  model = await res.json();
  $('login').style.display = 'none';
  $('app').style.display = 'flex';
  $('project-name').textContent = model.name;
  const nav = $('sheets');
  nav.replaceChildren(
    ...model.sheets.map((s) => {
      const b = document.createElement('button');
      b.className = 'sheet';
      b.dataset.sheet = s.id;
      b.innerHTML = `<span class="num"></span><span class="title"></span>`;
      b.querySelector('.num').textContent = s.number ?? `p. ${s.page}`;
      b.querySelector('.title').textContent = s.title ?? '';
      b.onclick = () => go(s.id, null, true);
      return b;
    }),
  );
  if (model.sheets.length) await go(model.sheets[0].id, null, false);
  document.body.dataset.ready = 'true';
  // The project is open: its list shown and its first sheet drawn (read by bench/viewer.ts).
  performance.mark('project-open');
}

function showLogin() {
  $('login').style.display = 'block';
  $('login').onsubmit = async (e) => {
    e.preventDefault();
    const res = await fetch('/projects/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: $('key').value }),
      credentials: 'same-origin',
    });
    $('key').value = '';
    if (res.ok) return start();
    $('login-error').textContent = (await res.json()).error?.message ?? 'The key was refused';
  };
}

function showError(message) {
  document.body.replaceChildren(Object.assign(document.createElement('p'), { textContent: message, id: 'error' }));
}

function pdfOf(hash) {
  if (!docs.has(hash))
    docs.set(
      hash,
      pdfjs.getDocument({ url: `/projects/${projectId}/view/files/${hash}`, withCredentials: true }).promise,
    );
  return docs.get(hash);
}

const pages = new Map();
function pageOf(sheet) {
  const key = `${sheet.fileHash}#${sheet.page}`;
  if (!pages.has(key))
    pages.set(
      key,
      pdfOf(sheet.fileHash).then((doc) => doc.getPage(sheet.page)),
    );
  return pages.get(key);
}

/**
 * Once a sheet is drawn, the sheets its callouts lead to are fetched and parsed while the reader
 * looks at it (not drawn: drawing needs the scale of the moment), so following one only draws.
 */
function prefetchTargets(sheetId) {
  const targets = new Set(
    model.callouts.filter((c) => c.sheetId === sheetId && c.targetSheetId).map((c) => c.targetSheetId),
  );
  const idle = window.requestIdleCallback ?? ((fn) => setTimeout(fn, 50));
  for (const id of targets) {
    const sheet = model.sheets.find((s) => s.id === id);
    if (sheet) idle(() => pageOf(sheet).catch(() => pages.delete(`${sheet.fileHash}#${sheet.page}`)));
  }
}

async function go(sheetId, view, remember) {
  const started = performance.now();
  if (remember && current) history.push({ sheetId: current.id, scroll: [$('stage').scrollLeft, $('stage').scrollTop] });
  $('back').disabled = history.length === 0;
  current = model.sheets.find((s) => s.id === sheetId);
  document.body.dataset.ready = 'false';
  const page = await pageOf(current);
  const scale = SCALE();
  const viewport = page.getViewport({ scale });
  const canvas = $('canvas');
  canvas.width = Math.round(viewport.width);
  canvas.height = Math.round(viewport.height);
  await page.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
  const sheet = $('sheet');
  sheet.querySelectorAll('.callout, .view-mark').forEach((n) => n.remove());
  for (const c of model.callouts.filter((c) => c.sheetId === sheetId)) {
    const box = place(document.createElement('div'), c.bbox, scale, 4);
    box.className = c.targetSheetId ? 'callout' : 'callout unresolved';
    box.title = c.targetSheetId
      ? `${c.label}: open ${c.target}`
      : `${c.label}: ${c.target ?? 'target'} is not in this project`;
    box.dataset.callout = c.id;
    if (c.targetSheetId) box.onclick = () => go(c.targetSheetId, c.targetView, true);
    sheet.append(box);
  }
  if (view) {
    const mark = place(document.createElement('div'), view.bbox, scale, 8);
    mark.className = 'view-mark';
    sheet.append(mark);
    mark.scrollIntoView({ block: 'center', inline: 'center' });
  }
  document.querySelectorAll('button.sheet').forEach((b) => b.classList.toggle('current', b.dataset.sheet === sheetId));
  $('sheet-name').textContent = `${current.number ?? `page ${current.page}`} ${current.title ?? ''}`;
  const ms = performance.now() - started;
  $('status').textContent = `${ms.toFixed(0)} ms`;
  document.body.dataset.lastMs = String(ms);
  document.body.dataset.ready = 'true';
  performance.measure('sheet-shown', { start: started, end: started + ms });
  prefetchTargets(sheetId);
}

function place(el, bbox, scale, pad) {
  Object.assign(el.style, {
    left: `${(bbox[0] - pad) * scale}px`,
    top: `${(bbox[1] - pad) * scale}px`,
    width: `${(bbox[2] - bbox[0] + 2 * pad) * scale}px`,
    height: `${(bbox[3] - bbox[1] + 2 * pad) * scale}px`,
  });
  return el;
}

$('back').onclick = async () => {
  const last = history.pop();
  if (!last) return;
  await go(last.sheetId, null, false);
  $('stage').scrollTo(last.scroll[0], last.scroll[1]);
  $('back').disabled = history.length === 0;
};

start();
