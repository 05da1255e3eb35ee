// The agent's answers as formatted text: headings, lists, tables, emphasis, code. Safely: the
// model's own HTML is shown as text (never parsed), and what marked builds is sanitised by
// DOMPurify before it reaches the page, links open outside the app.
import { h } from 'preact';
import { useMemo } from 'preact/hooks';
import htm from 'htm';
import { Marked } from 'marked';
import DOMPurify from 'dompurify';

const html = htm.bind(h);
const escape = (s) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const marked = new Marked({ gfm: true, breaks: true });
// HTML in the model's text is text: a raw <img onerror> or <script> shows as written.
marked.use({ renderer: { html: ({ text }) => escape(text) } });

DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  }
});
const ALLOWED = {
  ALLOWED_TAGS: [
    'p',
    'br',
    'strong',
    'em',
    'del',
    'code',
    'pre',
    'blockquote',
    'ul',
    'ol',
    'li',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'a',
    'sup',
    'sub',
  ],
  ALLOWED_ATTR: ['href', 'title', 'align', 'start', 'target', 'rel'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#)/i,
};

/** Markdown → sanitised HTML. */
export function renderMarkdown(text) {
  return DOMPurify.sanitize(marked.parse(String(text ?? '')), ALLOWED);
}

export function Markdown({ text, class: cls = 'md' }) {
  const inner = useMemo(() => renderMarkdown(text), [text]);
  return html`<div class=${cls} dangerouslySetInnerHTML=${{ __html: inner }}></div>`;
}
