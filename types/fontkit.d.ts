// fontkit ships no types; the PDF renderer only parses fonts with it and hands them to pdfkit.
declare module 'fontkit' {
  export function create(buffer: Uint8Array, postscriptName?: string): { layout(text: string): unknown };
}
