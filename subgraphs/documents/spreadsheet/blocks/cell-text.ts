// What a string cell value means, the way Excel reads what is typed into a
// cell: text starting with "=" is a formula; a leading apostrophe marks the
// rest as literal text and is not part of it ("'=A1" is the text =A1, "''x"
// the text 'x). Every writer of string cells (created workbooks, filled
// templates, chart caches) goes through here.

export type StringCell = { formula: string } | { text: string };

export function stringCell(value: string): StringCell {
  if (value.startsWith("'")) return { text: value.slice(1) };
  if (value.startsWith('=')) return { formula: value };
  return { text: value };
}
