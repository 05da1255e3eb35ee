import run from './subgraphs/documents/calcdoc/task.ts';
function elements(n: number) {
  const out: Record<string, unknown>[] = [];
  let v = 0;
  while (out.length < n) {
    const k = out.length;
    if (k % 10 === 0) out.push({ type: 'text', content: `Section ${k / 10 + 1}`, style: 'heading2' });
    else if (k % 10 === 1) out.push({ type: 'text', content: 'Checks to **ACI 318-19**; loads from *ASCE 7-22*.' });
    else if (k % 10 < 6) { const unit = ['kN/m', 'm', 'MPa', 'mm'][k % 4]!; out.push({ type: 'variable', name: `x${v++}`, value: 1 + (k % 7), unit, description: `Input ${v}` }); }
    else { const a = `x${v - 1}`; const b = `x${v - 2}`; out.push({ type: 'formula', expression: `y${k} := ${a}*${b}^2/8 + sqrt(${a}*${a})*${b}^2`, description: 'Demand' }); }
  }
  return out.slice(0, n);
}
const els: any = elements(Number(process.env.N ?? 50));
for (let i = 0; i < 6; i++) {
  let t = performance.now();
  const c: any = await run({ op: 'create', documentName: 'b', elements: els, metadata: {}, options: { ai_formatting: false, page_orientation: 'portrait' }, images: [], now: Date.now() });
  const tc = performance.now() - t; t = performance.now();
  const p: any = process.env.NOPDF ? { value: {} } : await run({ op: "pdf", source: c.value.mcdx, pageNumbers: true, headersFooters: true });
  console.log('create', tc.toFixed(0), 'pdf', (performance.now() - t).toFixed(0), p.value.pages);
}
