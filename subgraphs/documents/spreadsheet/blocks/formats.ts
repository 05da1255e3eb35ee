// The number formats a formula block may ask for, by name, and the Excel
// format code each one writes. A fixed set keeps requests portable between
// Excel and LibreOffice (both render every code below).
export const NUMBER_FORMATS = {
  general: 'General',
  number: '#,##0.00',
  integer: '#,##0',
  currency: '"$"#,##0.00',
  percent: '0.00%',
  date: 'yyyy-mm-dd',
  scientific: '0.00E+00',
  /** Exponent a multiple of three (1.5E+3, 250E-6), as engineers read values. */
  engineering: '##0.0E+0',
} as const;

export type NumberFormatName = keyof typeof NUMBER_FORMATS;

export const isNumberFormat = (name: string): name is NumberFormatName => Object.hasOwn(NUMBER_FORMATS, name);
