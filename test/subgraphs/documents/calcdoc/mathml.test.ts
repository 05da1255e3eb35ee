// The PDF's typesetting, checked on the MathML it hands to MathJax: the
// degree sign sits on its number, a substituted value is bracketed once, and
// names show Greek letters and subscripts by the rule the .mcdx uses.
import { describe, expect, it } from 'vitest';
import { calculate, type CalculatedFormula } from '../../../../subgraphs/documents/calcdoc/calculate.ts';
import type { CalcElement } from '../../../../subgraphs/documents/calcdoc/elements.ts';
import { expressionMl, nameMl, quantityMl, quantityText } from '../../../../subgraphs/documents/calcdoc/pdf/mathml.ts';

const substituted = (els: CalcElement[]) => {
  const calc = calculate(els);
  const f = calc.byIndex.get(els.length - 1) as CalculatedFormula;
  return expressionMl(f.expr, f.roles, calc.values);
};

describe('PDF typesetting', () => {
  it('writes θ = 30° with the degree sign on the number, as text and as MathML', () => {
    expect(quantityText(30, 'deg')).toBe('30°');
    expect(quantityMl({ value: 30, unit: 'deg' })).toBe('<mrow><mn>30</mn><mo lspace="0" rspace="0">°</mo></mrow>');
    expect(quantityMl({ value: 12, unit: 'kN' })).toContain('<mspace width="0.25em"/>');
  });

  it('brackets a substituted value once: sin(30°), not sin((30°)); (12 kN/m)·(6 m) keeps its brackets', () => {
    const sin = substituted([
      { type: 'variable', name: 'theta', value: 30, unit: 'deg' },
      { type: 'formula', expression: 's := sin(theta) + abs(-theta)' },
    ]);
    expect(sin).not.toContain('<mo stretchy="false">(</mo><mrow><mo stretchy="false">(</mo>');
    expect(sin).toContain('<mi>sin</mi><mo>\u2061</mo><mrow><mo stretchy="false">(</mo><mrow><mrow><mn>30</mn>');
    const product = substituted([
      { type: 'variable', name: 'w', value: 12, unit: 'kN/m' },
      { type: 'variable', name: 'L', value: 6, unit: 'm' },
      { type: 'formula', expression: 'V := w*L' },
    ]);
    expect(product.match(/<mo stretchy="false">\(<\/mo>/g)).toHaveLength(2);
  });

  it('shows phiM_n as φM with subscript n, gamma_c as γ with c, and units upright without function spacing', () => {
    expect(nameMl('phiM_n')).toBe(
      '<msub><mi mathvariant="italic">φM</mi><mi mathvariant="normal" data-mjx-texclass="ORD">n</mi></msub>',
    );
    expect(nameMl('gamma_c')).toBe('<msub><mi>γ</mi><mi mathvariant="normal" data-mjx-texclass="ORD">c</mi></msub>');
    expect(nameMl('f_sigma')).toBe('<msub><mi>f</mi><mi>σ</mi></msub>');
    expect(nameMl('betax')).toBe('<mi mathvariant="italic">betax</mi>');
  });
});
