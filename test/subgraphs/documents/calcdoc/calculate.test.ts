import { describe, expect, it } from 'vitest';
import { calculate, resultsSummary } from '../../../../subgraphs/documents/calcdoc/calculate.ts';
import type { CalcElement } from '../../../../subgraphs/documents/calcdoc/elements.ts';
import { validateElement } from '../../../../subgraphs/documents/calcdoc/elements.ts';

const results = (els: CalcElement[]) => resultsSummary(calculate(els)).map((r) => [r.name, r.value, r.unit]);
const failure = (els: CalcElement[]) => {
  try {
    calculate(els);
  } catch (err) {
    return err as { code: string; message: string; details: Record<string, unknown> };
  }
  throw new Error('expected a failure');
};

describe('calculation', () => {
  it('shows results in the unit the inputs suggest, never an accidental kJ', () => {
    expect(
      results([
        { type: 'variable', name: 'w', value: 12, unit: 'kN/m' },
        { type: 'variable', name: 'L', value: 6, unit: 'm' },
        { type: 'formula', expression: 'M := w*L^2/8' },
        { type: 'formula', expression: 'V = w*L/2' },
      ]),
    ).toEqual([
      ['M', 54, 'kN*m'],
      ['V', 36, 'kN'],
    ]);
  });

  it('converts to resultUnit and knows the structural units mathjs lacks', () => {
    expect(
      results([
        { type: 'variable', name: 'f_y', value: 50, unit: 'ksi' },
        { type: 'formula', expression: 'fy_SI := f_y', resultUnit: 'MPa' },
        { type: 'variable', name: 'q', value: 100, unit: 'psf' },
        { type: 'formula', expression: 'q_SI := q', resultUnit: 'kPa' },
        { type: 'variable', name: 'w', value: 2, unit: 'klf' },
        { type: 'formula', expression: 'w_plf := w', resultUnit: 'plf' },
        { type: 'variable', name: 'gamma_c', value: 150, unit: 'pcf' },
        { type: 'formula', expression: 'g_SI := gamma_c', resultUnit: 'kN/m^3' },
        { type: 'variable', name: 'Mu', value: 100, unit: 'kip·ft' },
        { type: 'formula', expression: 'Mu_SI := Mu', resultUnit: 'kN·m' },
        { type: 'variable', name: 'Mk', value: 10, unit: 'kNm' },
        { type: 'formula', expression: 'Mk2 := Mk', resultUnit: 'kip*ft' },
      ]).map(([n, v, u]) => [n, Number((v as number).toPrecision(5)), u]),
    ).toEqual([
      ['fy_SI', 344.74, 'MPa'],
      ['q_SI', 4.788, 'kPa'],
      ['w_plf', 2000, 'plf'],
      ['g_SI', 23.563, 'kN/m^3'],
      ['Mu_SI', 135.58, 'kN·m'],
      ['Mk2', 7.3756, 'kip*ft'],
    ]);
  });

  it('follows Mathcad: log is base 10, ln natural, pi known', () => {
    expect(
      results([{ type: 'formula', expression: 'a := log(1000) + ln(1) + sqrt(16) + exp(0) + cos(0) + 2*pi/pi' }]),
    ).toEqual([['a', 11, '']]);
  });

  it('refuses names used before they are defined, even those mathjs would read as units or constants', () => {
    for (const name of ['A', 'L', 'N', 'm', 's', 'E', 'e', 'phi', 'g', 'zeta']) {
      const err = failure([{ type: 'formula', expression: `y := 2*${name}` }]);
      expect(err.code).toBe('UNDEFINED_VARIABLE');
      expect(err.details).toMatchObject({ element_index: 0, names: [name] });
    }
    const later = failure([
      { type: 'variable', name: 'a', value: 1 },
      { type: 'formula', expression: 'y := a + b' },
      { type: 'variable', name: 'b', value: 1 },
    ]);
    expect(later.details).toMatchObject({ element_index: 1, names: ['b'] });
    const beforeDefinition = failure([
      { type: 'formula', expression: 'M := w*L' },
      { type: 'variable', name: 'w', value: 2, unit: 'kN/m' },
      { type: 'formula', expression: 'L := 3 m' },
    ]);
    expect(beforeDefinition.message).toContain('w (defined at element 1, after its use at element 0)');
    expect(beforeDefinition.message).toContain('L (defined at element 2, after its use at element 0)');
    expect(failure([{ type: 'formula', expression: 'y := 2*q' }]).message).toContain('q (it is not defined anywhere)');
    expect(failure([{ type: 'formula', expression: 'y := y + 1' }]).code).toBe('UNDEFINED_VARIABLE');
  });

  it('accepts unit literals after a number and definitions that shadow unit names', () => {
    expect(
      results([
        { type: 'formula', expression: 'd := 2 m + 30 cm' },
        { type: 'variable', name: 'A', value: 5, unit: 'cm^2' },
        { type: 'formula', expression: 'F := 250 MPa*A', resultUnit: 'kN' },
      ]),
    ).toEqual([
      ['d', 2.3, 'm'],
      ['F', 125, 'kN'],
    ]);
  });

  it('treats angles as Mathcad does: dimensionless, deg a scale factor', () => {
    const out = results([
      { type: 'variable', name: 'alpha', value: 6, unit: 'deg' },
      { type: 'variable', name: 'r', value: 8, unit: 'm' },
      { type: 'formula', expression: 's := r*alpha', resultUnit: 'm' },
      { type: 'formula', expression: 't := r*alpha' },
      { type: 'formula', expression: 'a := alpha', resultUnit: 'deg' },
      { type: 'formula', expression: 'b := 30 deg + pi/6', resultUnit: 'deg' },
      { type: 'formula', expression: 'c := sin(30 deg)' },
      { type: 'variable', name: 'omega', value: 2, unit: 'rad/s' },
      { type: 'variable', name: 'T', value: 3, unit: 's' },
      { type: 'formula', expression: 'phi2 := omega*T' },
    ]);
    expect(out.map(([n, v, u]) => [n, Number((v as number).toPrecision(6)), u])).toEqual([
      ['s', 0.837758, 'm'],
      ['t', 0.837758, 'm'],
      ['a', 6, 'deg'],
      ['b', 60, 'deg'],
      ['c', 0.5, ''],
      ['phi2', 6, ''],
    ]);
  });

  it('says which units clash, and when resultUnit does not fit', () => {
    expect(failure([{ type: 'formula', expression: 'y := 2 m + 3 s' }])).toMatchObject({
      code: 'UNIT_MISMATCH',
      details: { units: ['m', 's'] },
    });
    expect(
      failure([
        { type: 'variable', name: 'P', value: 3, unit: 'kN' },
        { type: 'formula', expression: 'y := P', resultUnit: 'm' },
      ]),
    ).toMatchObject({
      code: 'UNIT_MISMATCH',
      details: { element_index: 1, result_unit: 'm' },
    });
  });

  it('validates element shapes with the index and field', () => {
    expect(() => validateElement({ type: 'matrix' }, 3)).toThrow(/Element 3/);
    expect(() => validateElement({ type: 'formula', expression: 'a := b +' }, 2)).toThrow(
      expect.objectContaining({ code: 'FORMULA_PARSE_ERROR', details: { element_index: 2, expression: 'a := b +' } }),
    );
    expect(() => validateElement({ type: 'formula', expression: 'a := [1, 2]' }, 0)).toThrow(
      expect.objectContaining({ code: 'FORMULA_PARSE_ERROR' }),
    );
    expect(() => validateElement({ type: 'image', url: 'ftp://x' }, 0)).toThrow(
      expect.objectContaining({ code: 'UNPROCESSABLE' }),
    );
  });
});
