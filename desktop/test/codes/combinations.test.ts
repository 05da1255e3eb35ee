// Load combinations generated from the codes: the equations and factors as ASCE 7-16 §2.3.1,
// §2.3.6, §2.4.1 and EN 1990 (6.10, Table A1.1/A1.2(B)) print them.
import { Generate } from '@structural-platform/tool-schema';
import { describe, expect, it } from 'vitest';
import { generateCombinations } from '../../src/codes/combinations/index.ts';

const gen = (o: object) => generateCombinations(Generate.parse(o));
const factors = (c: { items: { case: string; factor: number }[] }) =>
  Object.fromEntries(c.items.map((i) => [i.case, i.factor]));

describe('ASCE 7-16 combinations', () => {
  it('LRFD with dead, live, roof live and one wind direction each way', () => {
    const out = gen({ code: 'ASCE7-16 LRFD', dead: ['D'], live: ['L'], roof_live: ['Lr'], wind: ['WX'] });
    const byName = Object.fromEntries(out.map((c) => [c.name, factors(c)]));
    expect(byName).toEqual({
      LRFD1: { D: 1.4 },
      'LRFD2 Lr': { D: 1.2, L: 1.6, Lr: 0.5 },
      'LRFD3 Lr L': { D: 1.2, Lr: 1.6, L: 1 },
      'LRFD3 Lr +WX': { D: 1.2, Lr: 1.6, WX: 0.5 },
      'LRFD3 Lr -WX': { D: 1.2, Lr: 1.6, WX: -0.5 },
      'LRFD4 +WX Lr': { D: 1.2, WX: 1, L: 1, Lr: 0.5 },
      'LRFD4 -WX Lr': { D: 1.2, WX: -1, L: 1, Lr: 0.5 },
      'LRFD5 +WX': { D: 0.9, WX: 1 },
      'LRFD5 -WX': { D: 0.9, WX: -1 },
    });
    expect(out.every((c) => c.design === 'strength')).toBe(true);
    expect(out.find((c) => c.name === 'LRFD4 +WX Lr')!.source).toBe('ASCE 7-16 §2.3.1 (4)');
  });

  it('LRFD seismic with the vertical effect 0.2 S_DS D and the 0.5 L exception', () => {
    const out = gen({
      code: 'ASCE7-16 LRFD',
      dead: ['D', 'SDL'],
      live: ['L'],
      snow: ['S'],
      seismic: ['EX'],
      sds: 1.0,
      live_factor_half: true,
    });
    const e6 = out.find((c) => c.name === 'LRFD6 +EX')!,
      e7 = out.find((c) => c.name === 'LRFD7 -EX')!;
    expect(factors(e6)).toEqual({ D: 1.4, SDL: 1.4, EX: 1, L: 0.5, S: 0.2 });
    expect(factors(e7)).toEqual({ D: 0.7, SDL: 0.7, EX: -1 });
    expect(e6.source).toBe('ASCE 7-16 §2.3.6 (6)');
  });

  it('ASD', () => {
    const out = gen({ code: 'ASCE7-16 ASD', dead: ['D'], live: ['L'], wind: ['W'], opposite_lateral: false });
    expect(out.map((c) => [c.name, factors(c)])).toEqual([
      ['ASD1', { D: 1 }],
      ['ASD2', { D: 1, L: 1 }],
      ['ASD4', { D: 1, L: 0.75 }],
      ['ASD5 W', { D: 1, W: 0.6 }],
      ['ASD6 W', { D: 1, L: 0.75, W: 0.45 }],
      ['ASD7 W', { D: 0.6, W: 0.6 }],
    ]);
  });
});

describe('EN 1990 combinations', () => {
  it('STR (6.10): each variable action leading, the others with ψ0 (category B, snow below 1000 m, wind)', () => {
    const out = gen({
      code: 'EN1990 STR',
      dead: ['G'],
      live: ['Q'],
      snow: ['S'],
      wind: ['W'],
      opposite_lateral: false,
      imposed_category: 'B',
    });
    const f = (name: string) => factors(out.find((c) => c.name.endsWith(name))!);
    expect(factors(out[0]!)).toEqual({ G: 1.35 });
    expect(f('Gsup Q lead +S,W')).toEqual({ G: 1.35, Q: 1.5, S: 0.75, W: 0.9 });
    expect(f('Gsup S lead +Q,W')).toEqual({ G: 1.35, S: 1.5, Q: 1.05, W: 0.9 });
    expect(f('Gsup W lead +Q,S')).toEqual({ G: 1.35, W: 1.5, Q: 1.05, S: 0.75 });
    expect(f('Ginf W lead +Q,S')).toEqual({ G: 1, W: 1.5, Q: 1.05, S: 0.75 });
    expect(out.every((c) => c.source === 'EN 1990 6.10, Table A1.2(B)')).toBe(true);
  });

  it('quasi-permanent and seismic use ψ2 (category C: 0.6); rain is refused', () => {
    const qp = gen({
      code: 'EN1990 SLS quasi-permanent',
      dead: ['G'],
      live: ['Q'],
      wind: ['W'],
      imposed_category: 'C',
    });
    expect(qp.map(factors)).toEqual([{ G: 1, Q: 0.6 }]);
    const seis = gen({ code: 'EN1990 seismic', dead: ['G'], live: ['Q'], seismic: ['AEX'], imposed_category: 'C' });
    expect(seis.map(factors)).toEqual([
      { G: 1, AEX: 1, Q: 0.6 },
      { G: 1, AEX: -1, Q: 0.6 },
    ]);
    expect(() => gen({ code: 'EN1990 STR', dead: ['G'], rain: ['R'] })).toThrow(/no rain action/);
  });
});
