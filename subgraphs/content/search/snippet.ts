// A short excerpt around the first matched word, with matched words marked.
import { stem, tokens } from '../../../core/embedding/embed.ts';

/**
 * @example
 * snippet('The nominal shear strength Vc shall be computed...', 'shear strength') // → 'The nominal <mark>shear</mark> <mark>strength</mark> Vc shall be computed...'
 */
export function snippet(text: string, query: string, words = 32): string {
  const wanted = new Set(tokens(query).map(stem));
  const parts = text.replace(/\s+/g, ' ').trim().split(' ');
  const hit = (w: string) => {
    const t = tokens(w)[0];
    return t !== undefined && wanted.has(stem(t));
  };
  const first = Math.max(0, parts.findIndex(hit));
  const from = Math.max(0, first - Math.floor(words / 3));
  const slice = parts.slice(from, from + words).map((w) => (hit(w) ? `<mark>${w}</mark>` : w));
  return (from > 0 ? '… ' : '') + slice.join(' ') + (from + words < parts.length ? ' …' : '');
}
