// The words and the seeded generator the mix and its fixture share (apart, so that neither imports the other).

export const WORDS = ('beam column slab footing girder joist truss wall brace pier pile deck diaphragm collector shear moment ' +
  'deflection drift snow wind seismic load bearing connection weld bolt concrete steel timber masonry rebar anchor plate ' +
  'flange web splice level grid roof cover spacing lap development stirrup tie camber vibration torsion punching').split(' ');

/** A small seeded generator (mulberry32): the same draws for the same seed, run after run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
