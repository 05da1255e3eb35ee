// A package being edited in place (a template): see core/zip.ts for the container.
import { entryBytes, inflateBudget, newEntry, readZip, writeZip, type ZipEntry } from '../../../../core/zip.ts';

/** A package being edited: parts read on demand, changed parts deflated once when written out, the rest copied. */
export class Package {
  /** Part name → its entry as read, or the new text of a part written since. */
  readonly #parts: Map<string, ZipEntry | { text: string }>;
  /** What the parts read from this package may inflate to in all (core/zip.ts). */
  readonly #budget = inflateBudget();

  constructor(zip: Buffer) {
    this.#parts = new Map(readZip(zip).map((e) => [e.name, e]));
  }

  read(part: string): string | null {
    const p = this.#parts.get(part);
    if (!p) return null;
    return 'text' in p ? p.text : entryBytes(p, this.#budget).toString('utf8');
  }

  write(part: string, text: string): void {
    this.#parts.set(part, { text });
  }

  remove(part: string): void {
    this.#parts.delete(part);
  }

  parts(): string[] {
    return [...this.#parts.keys()];
  }

  toBuffer(): Buffer {
    return writeZip([...this.#parts].map(([name, p]) => ('text' in p ? newEntry(name, p.text) : p)));
  }
}
