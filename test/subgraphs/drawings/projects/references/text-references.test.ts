import { describe, expect, it } from 'vitest';
import { noteReferences, referencesIn } from '../../../../../subgraphs/drawings/projects/references/text-references.ts';
import type { TextLine } from '../../../../../subgraphs/drawings/projects/text-lines.ts';

const read = (text: string) => referencesIn(text).map((r) => `${r.view ?? '-'}/${r.sheet}`);

describe('text references', () => {
  it.each([
    // The English forms.
    ['SEE 5/S-501', ['5/S-501']],
    ['SIM. 3/A5.1', ['3/A5.1']],
    ['REFER TO S-201', ['-/S-201']],
    ['DET. ON SHEET 10', ['-/10']],
    ['SEE DETAIL 3 ON SHEET S-501', ['3/S-501']],
    ['TYP. U.N.O., SEE SECTION 4/A-301 FOR FLASHING', ['4/A-301']],
    ['REFER TO SHEET E400.', ['-/E400']],
    ['SEE SH. NO.5.', ['-/5']],
    // German.
    ['siehe Plan 5.1.00', ['-/5.1.00']],
    ['s. Detail 3, Blatt 12', ['3/12']],
    ['vgl. Schnitt A-A, Plan-Nr. 203', ['A-A/203']],
    ['Detail 3 siehe Plan A-501', ['3/A-501']],
    ['Anschluss siehe Detail D4 auf Plan 15-G-06b', ['D4/15-G-06b']],
    // Italian.
    ['vedi tav. A301', ['-/A301']],
    ['v. tav. 5', ['-/5']],
    ['vedi dettaglio 3 tav. A5', ['3/A5']],
    ['cfr. tavola 12', ['-/12']],
    ['dettaglio 2 vedi tav. 12', ['2/12']],
    ['per il nodo vedi particolare 4/A-402', ['4/A-402']],
  ])('reads %s', (text, refs) => {
    expect(read(text)).toEqual(refs);
  });

  it.each([
    'SHEET 10 OF 20', // a title block, no lead
    'SEE MECH DWGS.', // no number
    'SEE NOTE 3', // a note, not a sheet
    'INSTALL ON A2 BEAM', // ON alone needs a sheet word
    's. 12', // German page, not a sheet
    'V. ROMA 12', // Italian street
    'SIMPSON A35/A35F', // product codes
    'Plan 3', // a heading: no lead
    'SIMPSON STRONG-TIE HDU2',
  ])('reads no reference in %s', (text) => {
    expect(read(text)).toEqual([]);
  });

  it('reads a reference whose sheet word and number continue on the next line', () => {
    const line = (text: string, x: number, y: number): TextLine => ({
      text,
      bbox: [x, y, x + 8 * text.length, y + 10],
      size: 10,
      runs: [],
      angle: 0,
    });
    const notes = noteReferences([
      line('Anschluss siehe', 100, 300),
      line('Plan 5.1.00', 100, 312),
      line('vedi', 600, 300),
      line('tav. 12', 600, 312),
      line('Plan 7', 1200, 900),
    ]);
    expect(notes.map((n) => [n.raw, n.refs.map((r) => r.sheet)])).toEqual([
      [['Anschluss siehe', 'Plan 5.1.00'], ['5.1.00']],
      [['vedi', 'tav. 12'], ['12']],
    ]);
  });
});
