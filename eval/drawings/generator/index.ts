/** Public surface of the synthetic drawing generator. */
export { generateSheet } from './sheet.ts';
export type { GeneratedSheet } from './sheet.ts';
export { defaultSuite } from './suite.ts';
export { viewportTransform, layoutToUser } from './geometry.ts';
export type { Box, Matrix, Point, Rotation } from './geometry.ts';
export type { SheetSpec, AnnotationCounts, Arrowhead } from './styles.ts';
export type * from './truth.ts';
