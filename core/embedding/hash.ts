// The hashing embedder (EMBEDDER=hash): stemmed words and character trigrams hashed into a fixed
// number of dimensions, L2-normalised. It needs no model, costs microseconds a text, and catches
// morphology (deflect / deflection / deflections) and shared sub-words that exact full-text
// matching misses; it has no notion of meaning (see README.md for what the model adds).
import type { Embedder } from './embedder.ts';

const STOP = new Set(
  'a an and are as at be by for from has have in is it of on or that the this to with which shall be not where'.split(
    ' ',
  ),
);

/** A light suffix stripper, enough to fold plural and verb forms together. @example stem('deflections') // → 'deflect' */
export function stem(word: string): string {
  let w = word.toLowerCase();
  for (const suffix of [
    'ational',
    'ations',
    'ation',
    'ments',
    'ment',
    'ings',
    'ing',
    'ions',
    'ion',
    'ness',
    'ities',
    'ity',
    'ies',
    'ed',
    'es',
    's',
  ]) {
    if (w.length > suffix.length + 3 && w.endsWith(suffix)) {
      w = w.slice(0, -suffix.length);
      break;
    }
  }
  return w;
}

export function tokens(text: string): string[] {
  return (text.toLowerCase().match(/[a-z][a-z0-9']*|\d+(?:\.\d+)*/g) ?? []).filter((t) => !STOP.has(t));
}

function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function embedText(text: string, dimensions: number): Float32Array {
  const v = new Float32Array(dimensions);
  for (const token of tokens(text)) {
    const s = stem(token);
    const h = hash('w:' + s);
    v[h % dimensions]! += h & 0x80000000 ? -2 : 2;
    const padded = `^${s}$`;
    for (let i = 0; i + 3 <= padded.length; i++) {
      const g = hash('g:' + padded.slice(i, i + 3));
      v[g % dimensions]! += g & 0x80000000 ? -1 : 1;
    }
  }
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < dimensions; i++) v[i]! /= norm;
  return v;
}

/** The hashing embedder's tag names its width: two widths hash to different vectors. */
export const hashModel = (dimensions: number) => `hash-v1-${dimensions}`;

export function createLocalEmbedder(dimensions = 256): Embedder {
  return {
    model: hashModel(dimensions),
    dimensions,
    embed: async (texts) => texts.map((t) => embedText(t, dimensions)),
  };
}
