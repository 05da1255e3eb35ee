// Plane geometry both adapters use for area objects.
type Vec3 = [number, number, number];

/** The area of a planar polygon in 3D (half the norm of the sum of its edges' cross products). */
export function polygonArea(points: Vec3[]): number {
  let x = 0,
    y = 0,
    z = 0;
  for (let k = 0; k < points.length; k++) {
    const p = points[k]!,
      q = points[(k + 1) % points.length]!;
    x += p[1] * q[2] - p[2] * q[1];
    y += p[2] * q[0] - p[0] * q[2];
    z += p[0] * q[1] - p[1] * q[0];
  }
  return Math.hypot(x, y, z) / 2;
}
