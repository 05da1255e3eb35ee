// Cross-check of the stand-in solver with CalculiX (`ccx`, Debian `calculix-ccx`): writes a
// stand-in model file as a CalculiX deck of B32R beams, runs ccx, reads the joint
// displacements (a *STATIC step) or the natural frequencies (a *FREQUENCY step) back. Only what CalculiX answers reliably is offered: translations at joints
// under joint forces, for rectangular sections. CalculiX expands each beam into 20-node bricks
// and ties the rotations of loaded or restrained nodes through "knots", so fixed-support
// reactions and rotations are not comparable (see ../../../README.md), and member loads are
// refused here rather than approximated.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localAxes, type Vec3 } from './solver/index.ts';
import type { ModelFile } from './model/file.ts';

export interface RectangleSection {
  depth: number;
  width: number;
}

/** True when a `ccx` executable answers on PATH. */
export function calculixAvailable(): boolean {
  const r = spawnSync('ccx', ['-v'], { encoding: 'utf8', timeout: 10_000 });
  return r.status === 0 || /Version/i.test(`${r.stdout}${r.stderr}`);
}

/**
 * The deck's model part. Every frame is split into `divisions` B32R elements (three nodes each);
 * section 1-direction = the frame's local 2 (depth), 2-direction = local 3 (width), as CSI's.
 * Joints with mass get a MASS element (CalculiX's point mass acts along X, Y and Z, as the
 * stand-in's lumped masses do); the beams' own density is negligible then.
 */
function modelPart(
  model: ModelFile,
  rects: Record<string, RectangleSection>,
  divisions: number,
  masses: Map<string, number> = new Map(),
): { lines: string[]; nodes: number } {
  const jointNo = new Map(model.joints.map((j, k) => [j.name, k + 1]));
  const nodes: string[] = model.joints.map((j, k) => `${k + 1}, ${j.xyz.join(', ')}`);
  let next = model.joints.length + 1;
  const out: string[] = ['*HEADING', 'stand-in cross-check', '*NODE'];
  const elements: string[] = [];
  const sections: string[] = [];
  let elem = 1;
  for (const f of model.frames) {
    const a = model.joints[jointNo.get(f.i)! - 1]!.xyz,
      b = model.joints[jointNo.get(f.j)! - 1]!.xyz;
    const section = model.sections[f.section];
    const rect = rects[f.section];
    if (!section || !rect)
      throw new Error(`frame ${f.name}: section ${f.section} needs its rectangle dimensions for CalculiX`);
    if (f.releases && [...f.releases.i, ...f.releases.j].some(Boolean))
      throw new Error(`frame ${f.name}: end releases are not written to CalculiX`);
    const at = (t: number): Vec3 => [a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), a[2] + t * (b[2] - a[2])];
    const chain: number[] = [jointNo.get(f.i)!];
    for (let s = 1; s < 2 * divisions; s++) {
      nodes.push(`${next}, ${at(s / (2 * divisions)).join(', ')}`);
      chain.push(next++);
    }
    chain.push(jointNo.get(f.j)!);
    const set = `E${f.name.replace(/\W/g, '_')}`;
    elements.push(`*ELEMENT, TYPE=B32R, ELSET=${set}`);
    for (let s = 0; s < divisions; s++)
      elements.push(`${elem++}, ${chain[2 * s]}, ${chain[2 * s + 1]}, ${chain[2 * s + 2]}`);
    const n1 = localAxes(a, b, f.angle).r[1];
    sections.push(
      `*BEAM SECTION, ELSET=${set}, MATERIAL=M_${section.material.replace(/\W/g, '_')}, SECTION=RECT`,
      `${rect.depth}, ${rect.width}`,
      n1.join(', '),
    );
  }
  const massSets: string[] = [];
  for (const [joint, mass] of masses) {
    if (!(mass > 0)) continue;
    const set = `PM${massSets.length / 4 + 1}`;
    massSets.push(
      `*ELEMENT, TYPE=MASS, ELSET=${set}`,
      `${elem++}, ${jointNo.get(joint)}`,
      `*MASS, ELSET=${set}`,
      `${mass}`,
    );
  }
  out.push(...nodes, ...elements, ...massSets, '*NSET, NSET=JOINTS');
  // At most 16 entries on a data line.
  for (let k = 0; k < model.joints.length; k += 16)
    out.push(
      model.joints
        .slice(k, k + 16)
        .map((_, m) => k + m + 1)
        .join(', '),
    );
  for (const [name, m] of Object.entries(model.materials))
    out.push(
      `*MATERIAL, NAME=M_${name.replace(/\W/g, '_')}`,
      '*ELASTIC',
      `${m.e}, ${m.poisson}`,
      ...(masses.size ? ['*DENSITY', '1e-6'] : []),
    );
  out.push(...sections, '*BOUNDARY');
  for (const [k, j] of model.joints.entries())
    j.restraint.forEach((on, d) => on && out.push(`${k + 1}, ${d + 1}, ${d + 1}`));
  return { lines: out, nodes: next - 1 };
}

/** A static deck: the joint forces of a pattern, translations printed at the joints. */
export function calculixDeck(
  model: ModelFile,
  rects: Record<string, RectangleSection>,
  pattern: string,
  divisions = 16,
): string {
  const jointNo = new Map(model.joints.map((j, k) => [j.name, k + 1]));
  const out = modelPart(model, rects, divisions).lines;
  out.push('*STEP', '*STATIC', '*CLOAD');
  for (const l of (model.patterns[pattern] ?? []) as {
    type: string;
    joint?: string | Vec3;
    force?: Vec3;
    moment?: Vec3;
  }[]) {
    if (l.type !== 'joint' || typeof l.joint !== 'string')
      throw new Error('only joint loads on named joints are written to CalculiX');
    if (l.moment?.some((v) => v !== 0)) throw new Error('joint moments are not written to CalculiX');
    l.force!.forEach((v, d) => v !== 0 && out.push(`${jointNo.get(l.joint as string)}, ${d + 1}, ${v}`));
  }
  out.push('*NODE PRINT, NSET=JOINTS', 'U', '*END STEP');
  return out.join('\n') + '\n';
}

/**
 * A *FREQUENCY deck: the lowest `modes` eigenvalues with point masses at joints (by name). A
 * planar model (the stand-in's 2D models, in the XZ plane) has UY held at the nodes inside
 * every member, so its lowest modes are the in-plane ones (no rotation is held, so no knot is
 * added by it).
 */
export function calculixFrequencyDeck(
  model: ModelFile,
  rects: Record<string, RectangleSection>,
  masses: Map<string, number>,
  modes: number,
  divisions = 16,
): string {
  const { lines: out, nodes } = modelPart(model, rects, divisions, masses);
  if (model.dimension === '2d') {
    // Every node inside a member: ccx refuses a condition on a joint where members meet at an
    // angle (it is a knot there); the joints are held by the nodes beside them.
    const free = Array.from({ length: nodes - model.joints.length }, (_, k) => model.joints.length + k + 1);
    out.push('*NSET, NSET=PLANE');
    for (let k = 0; k < free.length; k += 16) out.push(free.slice(k, k + 16).join(', '));
    out.push('*BOUNDARY', 'PLANE, 2, 2');
  }
  out.push('*STEP', '*FREQUENCY', String(modes), '*END STEP');
  return out.join('\n') + '\n';
}

/** Runs ccx on a *FREQUENCY deck and returns the frequencies (Hz), lowest first. */
export function runCalculixFrequencies(deck: string, timeoutMs = 120_000): number[] {
  const dat = runDeck(deck, timeoutMs);
  const out: number[] = [];
  let inBlock = false;
  for (const line of dat.split('\n')) {
    if (/E I G E N V A L U E\s+O U T P U T/.test(line)) {
      inBlock = true;
      continue;
    }
    if (inBlock && /P A R T I C I P A T I O N/.test(line)) break;
    const m = inBlock && /^\s*(\d+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/.exec(line);
    if (m) out.push(Number(m[4]));
  }
  if (!out.length) throw new Error('ccx printed no eigenvalues');
  return out;
}

function runDeck(deck: string, timeoutMs: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'ccx-'));
  try {
    writeFileSync(join(dir, 'job.inp'), deck);
    const r = spawnSync('ccx', ['-i', 'job'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: timeoutMs,
      env: { ...process.env, OMP_NUM_THREADS: '1' },
    });
    if (r.status !== 0) throw new Error(`ccx failed (${r.status ?? r.signal}): ${(r.stdout + r.stderr).slice(-2000)}`);
    return readFileSync(join(dir, 'job.dat'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs ccx on a static deck (time-limited, one thread) and returns the translations of the model's joints by name. */
export function runCalculix(model: ModelFile, deck: string, timeoutMs = 60_000): Map<string, Vec3> {
  const dat = runDeck(deck, timeoutMs);
  const byNode = new Map<number, Vec3>();
  let inBlock = false;
  for (const line of dat.split('\n')) {
    if (/displacements \(vx,vy,vz\)/.test(line)) {
      inBlock = true;
      continue;
    }
    const m = inBlock && /^\s*(\d+)\s+(\S+)\s+(\S+)\s+(\S+)\s*$/.exec(line);
    if (m) byNode.set(Number(m[1]), [Number(m[2]), Number(m[3]), Number(m[4])]);
  }
  return new Map(
    model.joints.map((j, k) => {
      const u = byNode.get(k + 1);
      if (!u) throw new Error(`ccx printed no displacement for joint ${j.name}`);
      return [j.name, u];
    }),
  );
}
