// SAP2000 and ETABS through CSI OAPI (../../../../../shared/reference/desktop.md §1), over the COM
// helper. Every OAPI call is built from its allow-list entry (./oapi-call.ts, the tool schema's
// OAPI_METHODS: method names and typed parameters checked against public sources, cited there);
// every call returns 0 on success and passes outputs ByRef; a nonzero return is reported as
// PROGRAM_ERROR naming the call. The tools' mappings are in model-tools.ts, building-tools.ts,
// analysis-tools.ts, result-tools.ts, design-tools.ts and api-tools.ts.
//
// Choices, each because of how the programs behave:
// - The client starts its own instance of the selected installation (never attaches to one the
//   user opened: new_model would replace the user's model); only that instance is closed.
// - RunAnalysis needs a saved model: a model never saved is saved first in the working directory.
// - A new load pattern is of type Other with self-weight multiplier 0: only assigned loads act,
//   as in the stand-in (the programs' default DEAD pattern keeps its self weight).
// - A 2D model sets the active degrees of freedom UX, UZ, RY (the XZ plane).
// - Member forces come at the programs' output stations, which are set before the analysis
//   (60 segments per frame): a requested station that is not one of them is refused, never
//   interpolated.
import { PROGRAM_TOOLS, type JointRef, type ValidToolCall } from '@structural-platform/tool-schema';
import { ToolFailure, type ModelInspection } from '../../adapter.ts';
import { ComAdapter } from '../com-adapter.ts';
import type { ComSession } from '../session.ts';
import { strings, type CsiModel, type CsiSession, type Joints, type Vec3 } from './context.ts';

export type { CsiModel, Joints } from './context.ts';
import * as analysis from './analysis-tools.ts';
import * as api from './api-tools.ts';
import * as building from './building-tools.ts';
import * as design from './design-tools.ts';
import * as frame from './model-tools.ts';
import { oapiCall, type OapiAnswer } from './oapi-call.ts';
import * as results from './result-tools.ts';

export { CSI_UNITS } from '@structural-platform/tool-schema';

const COORD_TOLERANCE = 1e-6;

export class CsiAdapter extends ComAdapter implements CsiSession {
  readonly program: 'sap2000' | 'etabs';
  readonly label: string;
  model: CsiModel | null = null;
  analysed = false;

  constructor(program: 'sap2000' | 'etabs', session: ComSession, workingDirectory: () => string) {
    super(session, workingDirectory);
    this.program = program;
    this.label = program === 'sap2000' ? 'SAP2000' : 'ETABS';
  }

  get workingDirectory(): string {
    return this.workingDirectoryOf();
  }

  /** The program instance the session is connected to (a model belongs to one instance). */
  get instance(): number {
    return this.session.instance;
  }

  protected forget(): void {
    this.model = null;
  }

  async run(call: ValidToolCall): Promise<unknown> {
    if (!PROGRAM_TOOLS[this.program].includes(call.tool))
      throw new ToolFailure('PROGRAM_NOT_AVAILABLE', `${this.label} does not offer ${call.tool}`);
    switch (call.tool) {
      case 'new_model':
        return frame.newModel(this, call.args);
      case 'open_model':
        return frame.open(this, call.args.path);
      case 'save_model':
        return { path: await frame.save(this, call.args.path) };
      case 'define_material':
        return frame.defineMaterial(this, call.args);
      case 'define_section':
        return frame.defineSection(this, call.args);
      case 'define_frames':
        return frame.defineFrames(this, call.args);
      case 'assign_supports':
        return frame.assignSupports(this, call.args);
      case 'assign_loads':
        return frame.assignLoads(this, call.args);
      case 'run_analysis':
        return frame.analyse(this);
      case 'read_results':
        return results.readResults(this, call.args);
      case 'delete_objects':
        return frame.deleteObjects(this, call.args);
      case 'define_stories':
        return building.defineStories(this, call.args);
      case 'define_grids':
        return building.defineGrids(this, call.args);
      case 'assign_diaphragm':
        return building.assignDiaphragm(this, call.args);
      case 'assign_joint_masses':
        return building.assignJointMasses(this, call.args);
      case 'define_mass_source':
        return building.defineMassSource(this, call.args);
      case 'define_area_section':
        return building.defineAreaSection(this, call.args);
      case 'define_areas':
        return building.defineAreas(this, call.args);
      case 'define_load_combinations':
        return analysis.defineCombinations(this, call.args);
      case 'define_modal_case':
        return analysis.defineModalCase(this, call.args);
      case 'define_response_spectrum':
        return analysis.defineResponseSpectrum(this, call.args);
      case 'read_modal_results':
        return results.readModalResults(this, call.args);
      case 'story_drifts':
        return results.storyDrifts(this, call.args);
      case 'story_forces':
        return results.storyForces(this, call.args);
      case 'list_tables':
        return results.listTables(this, call.args);
      case 'read_table':
        return results.readTable(this, call.args);
      case 'design_steel':
        return design.designSteel(this, call.args);
      case 'design_concrete':
        return design.designConcrete(this, call.args);
      case 'call_api':
        return api.callApi(this, call.args);
      default:
        throw new ToolFailure('PROGRAM_NOT_AVAILABLE', `${this.label} does not offer ${call.tool}`);
    }
  }

  async inspect(): Promise<ModelInspection | null> {
    if (!this.model || !this.session.connected) return null;
    const m = await this.need();
    const combos = await this.names('RespCombo');
    const cases = await this.names('LoadCases');
    const patterns = await this.names('LoadPatterns');
    return {
      path: m.path,
      names: {
        joints: await this.names('PointObj'),
        frames: await this.names('FrameObj'),
        areas: await this.names('AreaObj'),
        patterns,
        combinations: combos,
        materials: await this.names('PropMaterial'),
        sections: await this.names('PropFrame'),
        area_sections: await this.names('PropArea'),
        cases: cases.filter((c) => !patterns.includes(c)),
        stories:
          this.program === 'etabs'
            ? (((await this.call('SapModel.Story.GetStories_2', [])).outputs.StoryNames as string[] | undefined) ?? [])
            : [],
      },
      // The programs do not count a pattern's loads: the count this session assigned.
      loadCount: (p) => m.loadCounts.get(p) ?? null,
    };
  }

  // ---- calls ----

  call(method: string, args: unknown[], timeoutMs?: number): Promise<OapiAnswer> {
    return oapiCall(this.session, this.program, method, args, timeoutMs);
  }

  /** A call whose return value must be 0; answers its outputs. */
  async ok(method: string, args: unknown[] = [], timeoutMs?: number): Promise<Record<string, unknown>> {
    const a = await this.call(method, args, timeoutMs);
    if (a.value !== 0)
      throw new ToolFailure(
        'PROGRAM_ERROR',
        `${this.label}: ${method.replace(/^SapModel\./, '')} returned ${JSON.stringify(a.value)}`,
        { call: method, returned: a.value },
      );
    return a.outputs;
  }

  async names(collection: string): Promise<string[]> {
    const out = await this.ok(`SapModel.${collection}.GetNameList`);
    return strings(out.MyName);
  }

  async need(): Promise<CsiModel> {
    if (!this.model)
      throw new ToolFailure('NO_MODEL', 'no model is open in this session: call new_model or open_model first');
    await this.session.ensureConnected();
    // Re-attached to the same instance after a helper restart: the model is still there. Another instance: it is not.
    if (this.session.instance !== this.model.instance) {
      this.model = null;
      throw new ToolFailure(
        'NO_MODEL',
        `${this.label} was started again (the instance holding the model ended): open or create the model again`,
      );
    }
    return this.model;
  }

  changed(): void {
    this.analysed = false;
  }

  needAnalysis(): void {
    if (!this.analysed)
      throw new ToolFailure(
        'NOT_ANALYSED',
        'run_analysis first (the model changed since the last analysis, or was never analysed in this session)',
      );
  }

  async coordinates(name: string): Promise<Vec3> {
    const a = await this.call('SapModel.PointObj.GetCoordCartesian', [name, 'Global']);
    if (a.value !== 0) throw new ToolFailure('NOT_FOUND', `joint ${name} does not exist`, { joint: name });
    return [Number(a.outputs.X), Number(a.outputs.Y), Number(a.outputs.Z)];
  }

  /** Story elevations by name, the base included (ETABS). */
  async storyElevations(): Promise<Map<string, number>> {
    if (this.program !== 'etabs') return new Map();
    const out = await this.ok('SapModel.Story.GetStories_2', []);
    const names = strings(out.StoryNames),
      elevations = (out.StoryElevations as number[] | undefined) ?? [];
    const map = new Map(names.map((n, k) => [n, Number(elevations[k])]));
    map.set('Base', Number(out.BaseElevation ?? 0));
    return map;
  }

  /** Joints named, by coordinates (an existing joint within the tolerance) or by grid lines and story. */
  joints(): Joints {
    let table: Promise<{ name: string; xyz: Vec3 }[]> | null = null;
    let grid: Promise<{ x: Map<string, number>; y: Map<string, number>; stories: Map<string, number> }> | null = null;
    const names = () =>
      (table ??= (async () => {
        const out = [];
        for (const name of await this.names('PointObj')) out.push({ name, xyz: await this.coordinates(name) });
        return out;
      })());
    const grids = () =>
      (grid ??= results.gridLines(this).then(async (g) => ({ ...g, stories: await this.storyElevations() })));
    const resolve = async (ref: JointRef): Promise<string> => {
      if (typeof ref === 'string') {
        await this.coordinates(ref);
        return ref;
      }
      const xyz = Array.isArray(ref) ? ref : await this.gridPoint(ref, await grids());
      const found = (await names()).find(
        (j) => Math.hypot(j.xyz[0] - xyz[0], j.xyz[1] - xyz[1], j.xyz[2] - xyz[2]) <= COORD_TOLERANCE,
      );
      if (!found) throw new ToolFailure('NOT_FOUND', `no joint at (${xyz.join(', ')})`, { joint: ref });
      return found.name;
    };
    return { names, resolve };
  }

  async gridPoint(
    ref: { grid_x: string; grid_y: string; story: string },
    g: { x: Map<string, number>; y: Map<string, number>; stories: Map<string, number> },
  ): Promise<Vec3> {
    const x = g.x.get(ref.grid_x),
      y = g.y.get(ref.grid_y),
      z = g.stories.get(ref.story);
    if (x === undefined) throw new ToolFailure('NOT_FOUND', `no grid line ${ref.grid_x} along X`, { grid: ref.grid_x });
    if (y === undefined) throw new ToolFailure('NOT_FOUND', `no grid line ${ref.grid_y} along Y`, { grid: ref.grid_y });
    if (z === undefined) throw new ToolFailure('NOT_FOUND', `story ${ref.story} does not exist`, { story: ref.story });
    return [x, y, z];
  }

  /** A point at a joint reference, adding a joint where coordinates name none (AddCartesian merges with an existing one). */
  async point(ref: JointRef): Promise<{ name: string; xyz: Vec3 }> {
    if (typeof ref === 'string') return { name: ref, xyz: await this.coordinates(ref) };
    const xyz = Array.isArray(ref)
      ? ref
      : await this.gridPoint(
          ref,
          await results.gridLines(this).then(async (g) => ({ ...g, stories: await this.storyElevations() })),
        );
    const out = await this.ok('SapModel.PointObj.AddCartesian', [xyz[0], xyz[1], xyz[2], '', 'Global']);
    return { name: String(out.Name), xyz };
  }
}
