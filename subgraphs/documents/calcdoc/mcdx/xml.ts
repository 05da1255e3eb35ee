// Small XML helpers shared by the .mcdx writer and readers.
import { DOMParser } from '@xmldom/xmldom';

export const escapeXml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const XML_DECLARATION = '\uFEFF<?xml version="1.0" encoding="utf-8"?>';

/** Parses XML that may start with a byte-order mark; throws on malformed input. */
export function parseXml(text: string): Document {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') errors.push(message);
    },
  }).parseFromString(text.replace(/^\uFEFF/, ''), 'text/xml');
  if (errors.length) throw new Error(errors[0]);
  return doc as unknown as Document;
}

export const children = (node: Element): Element[] => {
  const out: Element[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) if (c.nodeType === 1) out.push(c as Element);
  return out;
};

export const child = (node: Element, localName: string): Element | undefined =>
  children(node).find((c) => c.localName === localName);

export const textOf = (node: Node): string => node.textContent ?? '';

/** 16 hex digits after R, as .NET packaging writes relationship ids; deterministic for a given seed. */
export function relationshipId(seed: string): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x12345678;
  for (let i = 0; i < seed.length; i++) {
    h1 = Math.imul(h1 ^ seed.charCodeAt(i), 16777619) >>> 0;
    h2 = Math.imul(h2 ^ seed.charCodeAt(i), 2246822519) >>> 0;
  }
  return `R${h1.toString(16).padStart(8, '0')}${h2.toString(16).padStart(8, '0')}`;
}
