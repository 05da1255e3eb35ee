// Small PDFs for edge cases, written by hand so each defect is exactly the one named.

/** A one-page PDF whose standard security handler needs a password the test never gives. */
export function encryptedPdf(): Uint8Array {
  const hex32 = (seed: number) =>
    Array.from({ length: 32 }, (_, i) => ((seed * 31 + i * 17) % 256).toString(16).padStart(2, '0')).join('');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${hex32(7)}> /U <${hex32(11)}> /P -44 >>`,
  ];
  return new TextEncoder().encode(
    writePdf(objects, `/Encrypt 4 0 R /ID [<${hex32(3).slice(0, 32)}> <${hex32(3).slice(0, 32)}>]`),
  );
}

/** A PDF file of `objects` (numbered from 1, the first the catalog) with its cross-reference table; `trailer` adds trailer entries. */
export function writePdf(objects: readonly string[], trailer = ''): string {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailer ? ` ${trailer}` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
  return body;
}
