// The stand-in adapter: the frame tools of SAP2000/ETABS answered by the TypeScript solver,
// so agents, the bridge and the UI can be exercised where the CSI programs cannot run. It
// opens and saves its own JSON model files only; a .sdb/.edb file is refused as unsupported.
// Relative paths are taken from the adapter's working directory (the program's setting).
import { readFile, stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { Load, type Program, type ToolArgs, type ToolResult, type ValidToolCall } from '@structural-platform/tool-schema';
import { ToolFailure, type Adapter } from '../adapter.ts';
import { FrameModel, ModelFile } from './model.ts';
import { AnalysisRunner, DEFAULT_LIMITS, type AnalysisLimits } from './run-analysis.ts';

/** Model files larger than this are refused before they are read. */
export const MAX_MODEL_FILE_BYTES = 50 * 1024 * 1024;

export class StandinFrameAdapter implements Adapter {
  readonly program: Program;
  readonly label = 'stand-in frame solver';
  private model: FrameModel | null = null;
  private path: string | null = null;
  private readonly workingDirectoryOf: () => string;

  private readonly runner: AnalysisRunner;

  /** `workingDirectory` may be a function: the UI's working-folder control changes it between calls. */
  constructor(program: 'sap2000' | 'etabs', workingDirectory: string | (() => string), limits: AnalysisLimits = DEFAULT_LIMITS) {
    this.program = program;
    this.workingDirectoryOf = typeof workingDirectory === 'string' ? () => workingDirectory : workingDirectory;
    this.runner = new AnalysisRunner(limits);
  }

  async run(call: ValidToolCall): Promise<unknown> {
    switch (call.tool) {
      case 'new_model': return this.newModel(call.args);
      case 'open_model': return this.open(call.args.path);
      case 'save_model': return this.save(call.args.path);
      case 'define_material': this.need().defineMaterial(call.args); return { name: call.args.name };
      case 'define_section': this.need().defineSection(call.args); return { name: call.args.name };
      case 'define_frames': {
        const m = this.need();
        return { frames: call.args.frames.map((f) => m.addFrame(f)) };
      }
      case 'assign_supports': return { joints: this.need().assignSupports(call.args.joints, call.args.restraint) };
      case 'assign_loads': return { pattern: call.args.pattern, load_count: this.need().assignLoads(call.args) };
      case 'run_analysis': {
        const started = performance.now();
        const out = await this.need().analyse(this.runner);
        return { ...out, elapsed_ms: performance.now() - started };
      }
      case 'read_results': return this.need().results(call.args);
      default: throw new ToolFailure('PROGRAM_NOT_AVAILABLE', `the ${this.label} does not offer ${call.tool}`);
    }
  }

  /** The open model, read-only for the model picture (picture/sketch.ts). */
  get currentModel(): FrameModel | null {
    return this.model;
  }

  /** An open model is the stand-in's session: quitting loses what was not saved. */
  hasOwnSession(): boolean {
    return this.model !== null;
  }

  /** Drops the model and stops the analysis worker. */
  close(): Promise<void> {
    this.model = null;
    this.path = null;
    return this.runner.close();
  }

  private need(): FrameModel {
    if (!this.model) throw new ToolFailure('NO_MODEL', 'no model is open: call new_model or open_model first');
    return this.model;
  }

  private summary(): ToolResult<'open_model'> {
    const m = this.need();
    return {
      joints: m.joints.length,
      frames: m.frames.length,
      materials: [...m.materials.keys()],
      sections: [...m.sections.keys()],
      patterns: [...m.patterns.keys()],
      units: m.units,
      dimension: m.dimension,
      path: this.path,
    };
  }

  private newModel(a: ToolArgs<'new_model'>): ToolResult<'new_model'> {
    const t = a.template;
    if (t.kind !== 'blank' && !a.default_section) throw new ToolFailure('INVALID_ARGUMENTS', 'default_section: a template needs the section its members take');
    const m = new FrameModel(a.units, a.dimension);
    const frames: string[] = [];
    const add = (start: [number, number, number], end: [number, number, number]) => frames.push(m.addFrame({ start, end, section: a.default_section!, angle: 0 }).name);
    if (t.kind === 'beam') {
      for (let s = 0; s < t.spans; s++) add([s * t.span_length, 0, 0], [(s + 1) * t.span_length, 0, 0]);
      // Pinned at the first support, rollers along X at the others; torsion and lateral movement held so a 3D beam is stable.
      m.assignSupports([[0, 0, 0]], [true, true, true, true, false, false]);
      for (let s = 1; s <= t.spans; s++) m.assignSupports([[s * t.span_length, 0, 0]], [false, true, true, true, false, false]);
    } else if (t.kind === 'portal_frame') {
      for (let b = 0; b <= t.bays; b++) for (let s = 0; s < t.stories; s++) add([b * t.bay_width, 0, s * t.story_height], [b * t.bay_width, 0, (s + 1) * t.story_height]);
      for (let s = 1; s <= t.stories; s++) for (let b = 0; b < t.bays; b++) add([b * t.bay_width, 0, s * t.story_height], [(b + 1) * t.bay_width, 0, s * t.story_height]);
      m.assignSupports(Array.from({ length: t.bays + 1 }, (_, b) => [b * t.bay_width, 0, 0] as [number, number, number]), 'fixed');
    }
    this.model = m;
    this.path = null;
    return { ...this.summary(), created_frames: frames, created_joints: m.joints.map((j) => j.name) };
  }

  private async open(p: string): Promise<ToolResult<'open_model'>> {
    const full = resolve(this.workingDirectoryOf(), p);
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) throw new ToolFailure('NOT_FOUND', `no model file at ${full}`, { path: full });
    if (info.size > MAX_MODEL_FILE_BYTES) throw new ToolFailure('TOO_LARGE', `the model file is ${info.size} bytes; the stand-in opens at most ${MAX_MODEL_FILE_BYTES}`);
    let json: unknown;
    try {
      json = JSON.parse(await readFile(full, 'utf8'));
    } catch {
      throw new ToolFailure('UNSUPPORTED_FILE', `${full} is not a stand-in model file (JSON); SAP2000 and ETABS files open only in those programs`, { path: full });
    }
    const file = ModelFile.safeParse(json);
    if (!file.success) throw new ToolFailure('UNSUPPORTED_FILE', `${full} is not a valid stand-in model file: ${file.error.issues[0]!.path.join('.')}: ${file.error.issues[0]!.message}`, { path: full });
    this.model = FrameModel.fromFile(file.data, Load);
    this.path = full;
    return this.summary();
  }

  private async save(p: string | undefined): Promise<ToolResult<'save_model'>> {
    const m = this.need();
    const target = p ? resolve(this.workingDirectoryOf(), p) : this.path;
    if (!target) throw new ToolFailure('INVALID_ARGUMENTS', 'path: the model has never been saved; give a path');
    await writeFile(target, JSON.stringify(m.toFile(), null, 1));
    this.path = target;
    return { path: target };
  }
}
