// The words and the seeded generator the mix and its fixture share (apart, so that neither imports the other).
import { mulberry32 } from '../../../core/seeded-random.ts';

export const WORDS = (
  'beam column slab footing girder joist truss wall brace pier pile deck diaphragm collector shear moment ' +
  'deflection drift snow wind seismic load bearing connection weld bolt concrete steel timber masonry rebar anchor plate ' +
  'flange web splice level grid roof cover spacing lap development stirrup tie camber vibration torsion punching'
).split(' ');

/** The project's seeded generator (core/seeded-random.ts): the same draws for the same seed, run after run. */
export const seeded = mulberry32;
