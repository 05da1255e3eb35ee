// A folder picker that only accepts a real folder: browse the folders of this computer through
// the app (drives first on Windows), or type a path; the app checks it exists, is a folder and
// (for a working directory) takes files, and says why not in words.
import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import htm from 'htm';

const html = htm.bind(h);

export function FolderField({ api, label, value, set, writable = true }) {
  const [browsing, setBrowsing] = useState(false);
  return html`<div class="folder">
    <span class=${value ? 'path' : 'path muted'} title=${value ?? ''}>${value ?? 'Not set'}</span>
    <button onClick=${() => setBrowsing(true)}>Choose…</button>
    ${value && html`<button onClick=${() => api('POST', '/api/folders/open', { path: value })}>Open folder</button><button onClick=${() => set(null)}>Clear</button>`}
    ${
      browsing &&
      html`<${FolderPicker}
        api=${api}
        label=${label}
        start=${value}
        writable=${writable}
        done=${(path) => {
          setBrowsing(false);
          if (path) set(path);
        }}
      />`
    }
  </div>`;
}

export function FolderPicker({ api, label, start, writable, done }) {
  const [listing, setListing] = useState(null);
  const [typed, setTyped] = useState(start ?? '');
  const [problem, setProblem] = useState(null);
  // Listings land in any order on a busy machine: only the last one asked for is shown, and a path
  // the user typed after it was asked for stays, with what the app said of it (the first listing,
  // landing late, used to put its own path back over a typed one, and Use this folder took that).
  const asked = useRef(0);
  const typedAt = useRef(0);
  const go = (path) => {
    const order = ++asked.current;
    return api('GET', `/api/folders${path ? `?path=${encodeURIComponent(path)}` : ''}`).then(
      (l) => {
        if (order !== asked.current) return;
        setListing(l);
        if (typedAt.current >= order) return;
        setTyped(l.path ?? '');
        setProblem(null);
      },
      (e) => order === asked.current && setProblem(e.message),
    );
  };
  useEffect(() => {
    go(start ?? null);
  }, []);
  const choose = async () => {
    const checked = await api('POST', '/api/folders/check', { path: typed, writable }).catch((e) => ({
      ok: false,
      reason: e.message,
    }));
    if (checked.ok) done(checked.path);
    else setProblem(checked.reason);
  };
  return html`<div class="overlay" onKeyDown=${(e) => e.key === 'Escape' && done(null)}>
    <div class="dialog small picker" role="dialog" aria-modal="true" aria-label=${`Choose the ${label.toLowerCase()}`}>
      <h2>Choose the ${label.toLowerCase()}</h2>
      <form
        class="row"
        onSubmit=${(e) => {
          e.preventDefault();
          go(typed);
        }}
      >
        <input
          type="text"
          aria-label="Folder path"
          value=${typed}
          onInput=${(e) => {
            typedAt.current = asked.current;
            setTyped(e.target.value);
          }}
        />
        <button type="submit">Go</button>
      </form>
      <ul class="folders" aria-label="Folders">
        ${listing?.path && html`<li><button onClick=${() => go(listing.parent)}>↑ Up one level</button></li>`}
        ${listing?.folders.map((f) => html`<li><button class="sub" onClick=${() => go(f.path)}>${f.name}</button></li>`)}
        ${listing && !listing.folders.length && html`<li class="muted small">No folders inside.</li>`}
        ${listing?.truncated && html`<li class="muted small">More folders than shown: type the path.</li>`}
      </ul>
      ${problem && html`<p class="error" role="alert">${problem}</p>`}
      <div class="row end">
        <button onClick=${() => done(null)}>Cancel</button
        ><button class="primary" onClick=${choose} disabled=${!typed}>Use this folder</button>
      </div>
    </div>
  </div>`;
}
