// The names the UI shows for the programs, design standards and palettes the settings store by id.
export const PROGRAM_LABEL = { sap2000: 'SAP2000', etabs: 'ETABS', mathcad: 'Mathcad Prime' };
export const STANDARDS = [
  ['us', 'US'],
  ['eurocode', 'Eurocode'],
  ['aus-nz', 'Australia/NZ'],
  ['canada', 'Canada'],
  ['philippines', 'Philippines'],
  ['singapore', 'Singapore'],
];
export const PALETTES = [
  ['default', 'Default'],
  ['blueprint', 'Blueprint'],
  ['graphite', 'Graphite'],
  ['high-contrast', 'High contrast'],
];
