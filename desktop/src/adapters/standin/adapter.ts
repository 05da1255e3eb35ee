// The stand-in adapter: the tools of SAP2000/ETABS answered by the TypeScript solver and the
// code checks, so agents, the bridge and the UI can be exercised where the CSI programs cannot
// run. It opens and saves its own JSON model files only; a .sdb/.edb file is refused as
// unsupported. Relative paths are taken from the adapter's working directory (the program's
// setting). Each tool is one function of model/, results/ or design/.
import { readFile, stat, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  Load,
  PROGRAM_TOOLS,
  type Program,
  type ToolArgs,
  type ToolResult,
  type ValidToolCall,
} from '@structural-platform/tool-schema';
import { ToolFailure, type Adapter, type ModelInspection } from '../adapter.ts';
import { requestedCombinations } from '../combinations.ts';
import { spectrumPoints, spectrumScale } from '../../codes/spectra.ts';
import { unitSystem } from '../../codes/units.ts';
import { designConcrete } from './design/concrete.ts';
import { designSteel } from './design/steel.ts';
import { analyseModel } from './model/analysis.ts';
import { ModelFile } from './model/file.ts';
import { FrameModel } from './model/model.ts';
import { callApi } from './oapi.ts';
import { readModalResults } from './results/modal.ts';
import { readResults } from './results/read.ts';
import { storyDrifts, storyForces } from './results/stories.ts';
import { lastSteelDesign, listTables, readTable } from './results/tables.ts';
import { AnalysisRunner, DEFAULT_LIMITS, type AnalysisLimits } from './run-analysis.ts';
import { newModel } from './templates.ts';

/** Model files larger than this are refused before they are read. */
export const MAX_MODEL_FILE_BYTES = 50 * 1024 * 1024;

const loadsOf = (v: unknown[]) => {
  const parsed = Load.array().safeParse(v);
  if (!parsed.success)
    throw new ToolFailure(
      'UNSUPPORTED_FILE',
      `a load pattern in the model file is not valid: ${parsed.error.issues[0]!.message}`,
    );
  return parsed.data;
};

export class StandinFrameAdapter implements Adapter {
  readonly program: Program;
  readonly label = 'stand-in frame solver';
  private model: FrameModel | null = null;
  private path: string | null = null;
  private readonly workingDirectoryOf: () => string;
  private readonly runner: AnalysisRunner;

  /** `workingDirectory` may be a function: the UI's working-folder control changes it between calls. */
  constructor(
    program: 'sap2000' | 'etabs',
    workingDirectory: string | (() => string),
    limits: AnalysisLimits = DEFAULT_LIMITS,
  ) {
    this.program = program;
    this.workingDirectoryOf = typeof workingDirectory === 'string' ? () => workingDirectory : workingDirectory;
    this.runner = new AnalysisRunner(limits);
  }

  async run(call: ValidToolCall): Promise<unknown> {
    if (!PROGRAM_TOOLS[this.program].includes(call.tool))
      throw new ToolFailure(
        'PROGRAM_NOT_AVAILABLE',
        `the ${this.label} does not offer ${call.tool} for ${this.program}`,
      );
    switch (call.tool) {
      case 'new_model':
        return this.newModel(call.args);
      case 'open_model':
        return this.open(call.args.path);
      case 'save_model':
        return { path: await this.save(call.args.path) };
      case 'define_material':
        this.need().defineMaterial(call.args);
        return { name: call.args.name };
      case 'define_section':
        this.need().defineSection(call.args);
        return { name: call.args.name };
      case 'define_frames': {
        const m = this.need();
        return { frames: call.args.frames.map((f) => m.addFrame(f)) };
      }
      case 'assign_supports':
        return { joints: this.need().assignSupports(call.args.joints, call.args.restraint) };
      case 'assign_loads':
        return { pattern: call.args.pattern, load_count: this.need().assignLoads(call.args) };
      case 'define_stories':
        return this.need().defineStories(call.args);
      case 'define_grids':
        this.need().defineGrids(call.args);
        return { x: call.args.x, y: call.args.y };
      case 'assign_diaphragm': {
        const m = this.need();
        return {
          diaphragm: call.args.name,
          rigid: call.args.rigid,
          joints: m.assignDiaphragm(call.args).map((k) => m.joints[k]!.name),
        };
      }
      case 'assign_joint_masses':
        return { joints: this.need().assignJointMasses(call.args) };
      case 'define_mass_source':
        this.need().defineMassSource(call.args);
        return {
          name: call.args.name,
          elements: call.args.elements,
          joint_masses: call.args.joint_masses,
          loads: call.args.loads,
        };
      case 'define_area_section':
        this.need().defineAreaSection(call.args);
        return { name: call.args.name };
      case 'define_areas': {
        const m = this.need();
        return { areas: call.args.areas.map((a) => m.addArea(a)) };
      }
      case 'define_load_combinations':
        return this.combinations(call.args);
      case 'define_modal_case':
        this.need().defineModalCase(call.args);
        return { name: call.args.name, modes: call.args.modes };
      case 'define_response_spectrum':
        return this.responseSpectrum(call.args);
      case 'run_analysis': {
        const started = performance.now();
        const out = await analyseModel(this.need(), this.runner);
        return { ...out, elapsed_ms: performance.now() - started };
      }
      case 'read_results':
        return readResults(this.need(), call.args);
      case 'read_modal_results':
        return readModalResults(this.need(), call.args);
      case 'story_drifts':
        return storyDrifts(this.need(), call.args);
      case 'story_forces':
        return storyForces(this.need(), call.args);
      case 'design_steel': {
        const m = this.need();
        const out = designSteel(m, call.args);
        lastSteelDesign.set(m, out);
        return out;
      }
      case 'design_concrete':
        return designConcrete(this.need(), call.args);
      case 'list_tables':
        return listTables(call.args);
      case 'read_table':
        return readTable(this.need(), call.args);
      case 'delete_objects':
        return this.deleteObjects(call.args);
      case 'call_api':
        return callApi(this.need(), this.program as 'sap2000' | 'etabs', call.args, (p) => this.save(p));
      default:
        throw new ToolFailure('PROGRAM_NOT_AVAILABLE', `the ${this.label} does not offer ${call.tool}`);
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

  async inspect(): Promise<ModelInspection | null> {
    const m = this.model;
    if (!m) return null;
    return {
      path: this.path,
      names: {
        joints: m.joints.map((j) => j.name),
        frames: m.frames.map((f) => f.name),
        areas: m.areas.map((a) => a.name),
        patterns: [...m.patterns.keys()],
        combinations: [...m.combinations.keys()],
        materials: [...m.materials.keys()],
        sections: [...m.sections.keys()],
        area_sections: [...m.areaSections.keys()],
        cases: [...m.modalCases.keys(), ...m.rsCases.keys()],
        stories: m
          .storyLevels()
          .slice(1)
          .map((s) => s.name),
      },
      loadCount: (p) => m.patterns.get(p)?.length ?? 0,
    };
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
    const { model, frames } = newModel(a, this.program);
    this.model = model;
    this.path = null;
    return { ...this.summary(), created_frames: frames, created_joints: model.joints.map((j) => j.name) };
  }

  private async open(p: string): Promise<ToolResult<'open_model'>> {
    const full = resolve(this.workingDirectoryOf(), p);
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) throw new ToolFailure('NOT_FOUND', `no model file at ${full}`, { path: full });
    if (info.size > MAX_MODEL_FILE_BYTES)
      throw new ToolFailure(
        'TOO_LARGE',
        `the model file is ${info.size} bytes; the stand-in opens at most ${MAX_MODEL_FILE_BYTES}`,
      );
    let json: unknown;
    try {
      json = JSON.parse(await readFile(full, 'utf8'));
    } catch {
      throw new ToolFailure(
        'UNSUPPORTED_FILE',
        `${full} is not a stand-in model file (JSON); SAP2000 and ETABS files open only in those programs`,
        { path: full },
      );
    }
    const file = ModelFile.safeParse(json);
    if (!file.success)
      throw new ToolFailure(
        'UNSUPPORTED_FILE',
        `${full} is not a valid stand-in model file: ${file.error.issues[0]!.path.join('.')}: ${file.error.issues[0]!.message}`,
        { path: full },
      );
    this.model = FrameModel.fromFile(file.data, loadsOf);
    this.path = full;
    return this.summary();
  }

  private async save(p: string | undefined): Promise<string> {
    const m = this.need();
    const target = p ? resolve(this.workingDirectoryOf(), p) : this.path;
    if (!target) throw new ToolFailure('INVALID_ARGUMENTS', 'path: the model has never been saved; give a path');
    await writeFile(target, JSON.stringify(m.toFile(), null, 1));
    this.path = target;
    return target;
  }

  private combinations(a: ToolArgs<'define_load_combinations'>): ToolResult<'define_load_combinations'> {
    const m = this.need();
    const wanted = requestedCombinations(a);
    const deleted = a.replace ? [...m.combinations.keys()] : [];
    // All or nothing: checked on a copy first.
    const before = new Map(m.combinations);
    if (a.replace) m.combinations.clear();
    try {
      for (const c of wanted)
        m.defineCombination(c.name, { type: c.type, items: c.items, design: c.design, source: c.source });
    } catch (err) {
      m.combinations.clear();
      for (const [k, v] of before) m.combinations.set(k, v);
      throw err;
    }
    return {
      combinations: wanted.map((c) => ({
        name: c.name,
        type: c.type,
        items: c.items,
        design: c.design,
        source: c.source,
      })),
      deleted,
    };
  }

  private responseSpectrum(a: ToolArgs<'define_response_spectrum'>): ToolResult<'define_response_spectrum'> {
    const m = this.need();
    m.defineResponseSpectrum(a);
    return {
      name: a.name,
      function: `${a.name}_FN`,
      scale_factor: spectrumScale(a.spectrum, unitSystem(m.units).g),
      points: spectrumPoints(a.spectrum).length,
      direction: a.direction,
      combination: a.combination,
      damping: a.damping,
    };
  }

  private deleteObjects(a: ToolArgs<'delete_objects'>): ToolResult<'delete_objects'> {
    const m = this.need();
    const frames = new Set(a.frames ?? []),
      joints = new Set(a.joints ?? []),
      areas = new Set(a.areas ?? []),
      patterns = new Set(a.patterns ?? []),
      combos = new Set(a.combinations ?? []);
    for (const f of frames) m.frameIndex(f);
    for (const j of joints) m.jointOf(j, false);
    for (const x of areas) m.areaIndex(x);
    for (const p of patterns)
      if (!m.patterns.has(p)) throw new ToolFailure('NOT_FOUND', `load pattern ${p} does not exist`, { pattern: p });
    for (const c of combos)
      if (!m.combinations.has(c))
        throw new ToolFailure('NOT_FOUND', `combination ${c} does not exist`, { combination: c });
    for (const f of m.frames)
      if (!frames.has(f.name) && (joints.has(m.joints[f.i]!.name) || joints.has(m.joints[f.j]!.name)))
        throw new ToolFailure(
          'INVALID_ARGUMENTS',
          `joint ${joints.has(m.joints[f.i]!.name) ? m.joints[f.i]!.name : m.joints[f.j]!.name} carries frame ${f.name}: delete the frame too`,
        );
    for (const ar of m.areas)
      if (!areas.has(ar.name) && ar.joints.some((k) => joints.has(m.joints[k]!.name)))
        throw new ToolFailure('INVALID_ARGUMENTS', `area ${ar.name} uses a joint to delete: delete the area too`);
    for (const [n, c] of m.combinations)
      if (!combos.has(n))
        for (const i of c.items)
          if (patterns.has(i.case) || combos.has(i.case))
            throw new ToolFailure('INVALID_ARGUMENTS', `combination ${n} uses ${i.case}: delete or redefine it too`);
    for (const l of m.massSource.loads)
      if (patterns.has(l.pattern))
        throw new ToolFailure('INVALID_ARGUMENTS', `the mass source uses load pattern ${l.pattern}: redefine it first`);
    const file = m.toFile();
    file.frames = file.frames.filter((f) => !frames.has(f.name));
    file.areas = file.areas.filter((x) => !areas.has(x.name));
    file.joints = file.joints.filter((j) => !joints.has(j.name));
    for (const p of patterns) delete file.patterns[p];
    for (const c of combos) delete file.combinations[c];
    for (const [p, loads] of Object.entries(file.patterns)) {
      file.patterns[p] = (loads as Load[]).filter(
        (l) =>
          !(l.type === 'frame_point' || l.type === 'frame_distributed'
            ? frames.has(l.frame)
            : l.type === 'area_uniform'
              ? areas.has(l.area)
              : typeof l.joint === 'string' && joints.has(l.joint)),
      );
    }
    for (const d of Object.values(file.diaphragms)) d.joints = d.joints.filter((j) => !joints.has(j));
    for (const j of joints) delete file.joint_masses[j];
    this.model = FrameModel.fromFile(file, loadsOf);
    return {
      deleted: {
        frames: [...frames],
        joints: [...joints],
        areas: [...areas],
        patterns: [...patterns],
        combinations: [...combos],
      },
    };
  }
}
