// A stand-in for helpers/com-helper.ps1 where there is no Windows: a Node process speaking the
// same line protocol, scripted per test. It answers from rules (an answer, an error, a crash
// mid-call, a hang, garbage, an oversized line) and otherwise plays a small program: a CSI
// model (points, frames, sections, patterns, loads, results the test gives) or a Mathcad
// worksheet (inputs and outputs the test gives). What "the program" holds lives in a state file,
// so it survives the helper being killed and started again, as a real program would.
//
// A CSI method the fake does not play itself answers from the scenario's `answers` (by method:
// {value, out: {OutputName: value}}), else, when it is on the allow-list, 0 with its ByRef
// arguments echoed and empty outputs (the call is logged either way, so tests assert it).
//
// Environment: FAKE_COM_SCENARIO (JSON file, read at every request), FAKE_COM_STATE (JSON file,
// the program's state), FAKE_COM_LOG (each request appended as a JSON line).
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { oapiMethod } from '@structural-platform/tool-schema';

type Json = any;
const scenario = (): Json => JSON.parse(readFileSync(process.env.FAKE_COM_SCENARIO!, 'utf8'));
const loadState = (): Json =>
  existsSync(process.env.FAKE_COM_STATE!)
    ? JSON.parse(readFileSync(process.env.FAKE_COM_STATE!, 'utf8'))
    : { consumed: {}, starts: 0 };
const saveState = (s: Json) => writeFileSync(process.env.FAKE_COM_STATE!, JSON.stringify(s));
const send = (m: Json) => process.stdout.write(JSON.stringify(m) + '\n');

const state = loadState();
state.starts++;
saveState(state);

const start = scenario().start ?? 'ready';
if (start === 'exit') process.exit(3);
if (start === 'noise-then-ready') process.stdout.write('Windows PowerShell banner\n');
if (start === 'old-protocol') send({ ready: true, protocol: 0 });
else if (start !== 'silent') send({ ready: true, protocol: 1 });

const rl = createInterface({ input: process.stdin });
// Typed arguments ({$type, value}) as the real helper reads them: the value, of that type.
const decode = (v: Json): Json =>
  v && typeof v === 'object' && !Array.isArray(v) && typeof v.$type === 'string' ? v.value : v;

rl.on('line', (line) => {
  const raw = JSON.parse(line);
  const req = { ...raw, ...(Array.isArray(raw.args) ? { args: raw.args.map(decode), rawArgs: raw.args } : {}) };
  appendFileSync(process.env.FAKE_COM_LOG!, JSON.stringify(req) + '\n');
  const s = loadState();
  const sc = scenario();
  const rules: Json[] = sc.rules ?? [];
  for (let k = 0; k < rules.length; k++) {
    const r = rules[k];
    if (r.op && r.op !== req.op) continue;
    if (r.target && r.target !== req.target) continue;
    const used = s.consumed[k] ?? 0;
    if (r.times !== undefined && used >= r.times) continue;
    s.consumed[k] = used + 1;
    saveState(s);
    return act(r, req);
  }
  try {
    const value = sc.program === 'mathcad' ? mathcad(req, s, sc) : csi(req, s, sc);
    saveState(s);
    send({ id: req.id, ok: true, ...value });
  } catch (err) {
    saveState(s);
    send({ id: req.id, ok: false, error: { kind: 'com', message: (err as Error).message } });
  }
});
rl.on('close', () => process.exit(0));

function act(r: Json, req: Json): unknown {
  switch (r.do) {
    case 'answer':
      return send({ id: req.id, ok: true, value: r.value ?? 0, out: r.out ?? [] });
    case 'error':
      return send({
        id: req.id,
        ok: false,
        error: r.error ?? { kind: 'com', message: 'Exception from HRESULT: 0x800706BA' },
      });
    case 'crash':
      process.stderr.write('Unhandled exception: the RPC server is unavailable\n');
      return process.exit(1);
    case 'hang':
      return; // never answers
    case 'garbage':
      for (let k = 0; k < (r.lines ?? 1); k++) process.stdout.write(`WARNING: not json ${k}\n`);
      if (r.then === 'answer') send({ id: req.id, ok: true, value: r.value ?? 0, out: [] });
      return;
    case 'huge': {
      process.stdout.write(JSON.stringify({ id: req.id, ok: true, value: 'x'.repeat(r.bytes ?? 1_000_000) }) + '\n');
      if (r.then === 'answer') send({ id: req.id, ok: true, value: 0, out: [] });
      return;
    }
    case 'wrong-id':
      return send({ id: req.id + 1000, ok: true, value: 0 });
    case 'malformed':
      return send({ id: req.id, ok: 'yes' });
  }
}

// ---- the CSI program -----------------------------------------------------------------------

function csi(req: Json, s: Json, sc: Json): { value: unknown; out?: unknown[] } {
  s.csi ??= { alive: false };
  const p = s.csi;
  if (req.op === 'connect') {
    if (req.ownPid && p.alive && p.pid === req.ownPid)
      return { value: { started: false, reattached: true, pid: p.pid, version: '26.0.0' } };
    Object.assign(p, { alive: true, pid: 4242 + s.starts, exe: req.exe, model: null });
    return { value: { started: true, pid: p.pid, version: '26.0.0' } };
  }
  if (req.op === 'status') return { value: { attached: p.alive && !sc.programGone } };
  if (req.op !== 'call') throw new Error(`unknown op ${req.op}`);
  const m = p.model;
  const a = req.args as unknown[];
  const need = () => {
    if (!m) throw new Error('no model');
    return m;
  };
  const names = (xs: { name: string }[]) => ({ value: 0, out: [xs.length, xs.map((x) => x.name)] });
  switch (req.target) {
    case 'SapObject.ApplicationExit':
      p.alive = false;
      p.exited = true;
      return { value: 0 };
    case 'SapModel.InitializeNewModel':
      p.model = {
        units: a[0],
        points: [],
        frames: [],
        areas: [],
        materials: [{ name: '4000Psi' }],
        sections: [],
        areaSections: [],
        patterns: [{ name: 'DEAD' }],
        cases: [{ name: 'DEAD' }],
        combos: [],
        loads: [],
        analysed: false,
      };
      return { value: 0 };
    case 'SapModel.File.NewBlank':
      need();
      return { value: 0 };
    case 'SapModel.File.OpenFile':
      p.model = {
        units: sc.openUnits ?? 6,
        points: [],
        frames: [],
        areas: [],
        materials: [],
        sections: [],
        areaSections: [],
        patterns: [],
        cases: [],
        combos: [],
        loads: [],
        analysed: false,
        path: a[0],
      };
      return { value: 0 };
    case 'SapModel.File.Save':
      need().path = a[0];
      return { value: 0 };
    case 'SapModel.GetPresentUnits':
      return { value: need().units };
    case 'SapModel.SetPresentUnits':
      need().units = a[0];
      return { value: 0 };
    case 'SapModel.Analyze.SetActiveDOF':
      need().dof = a[0];
      return { value: 0, out: [a[0]] };
    case 'SapModel.PropMaterial.SetMaterial':
      need().materials.push({ name: a[0] });
      return { value: 0 };
    case 'SapModel.PropMaterial.SetMPIsotropic':
    case 'SapModel.PropMaterial.SetWeightAndMass':
      return { value: m.materials.some((x: Json) => x.name === a[0]) ? 0 : 1 };
    case 'SapModel.PropMaterial.GetNameList':
      return names(need().materials);
    case 'SapModel.PropFrame.SetRectangle':
    case 'SapModel.PropFrame.SetGeneral':
      if (!need().materials.some((x: Json) => x.name === a[1])) return { value: 1 };
      m.sections.push({ name: a[0], args: a });
      return { value: 0 };
    case 'SapModel.PropFrame.GetNameList':
      return names(need().sections);
    case 'SapModel.PointObj.GetNameList':
      return names(need().points);
    case 'SapModel.FrameObj.GetNameList':
      return names(need().frames);
    case 'SapModel.LoadPatterns.GetNameList':
      return names(need().patterns);
    case 'SapModel.LoadCases.GetNameList':
      return names(need().cases);
    case 'SapModel.RespCombo.GetNameList':
      return names(need().combos);
    case 'SapModel.AreaObj.GetNameList':
      return names(need().areas);
    case 'SapModel.PropArea.GetNameList':
      return names(need().areaSections);
    case 'SapModel.RespCombo.Add':
      need().combos.push({ name: a[0], type: a[1], items: [] });
      return { value: 0 };
    case 'SapModel.RespCombo.SetCaseList': {
      const c = need().combos.find((x: Json) => x.name === a[0]);
      if (!c) return { value: 1, out: [a[1]] };
      c.items.push({ type: a[1], case: a[2], factor: a[3] });
      return { value: 0, out: [a[1]] };
    }
    case 'SapModel.RespCombo.Delete':
      need().combos = m.combos.filter((x: Json) => x.name !== a[0]);
      return { value: 0 };
    case 'SapModel.LoadCases.ModalEigen.SetCase':
    case 'SapModel.LoadCases.ResponseSpectrum.SetCase':
      if (!need().cases.some((x: Json) => x.name === a[0])) m.cases.push({ name: a[0] });
      return { value: 0 };
    case 'SapModel.PropArea.SetSlab':
    case 'SapModel.PropArea.SetWall':
    case 'SapModel.PropArea.SetShell_1':
      need().areaSections.push({ name: a[0] });
      return { value: 0 };
    case 'SapModel.AreaObj.AddByPoint': {
      const name = (a[4] as string) || String(need().areas.length + 1);
      m.areas.push({ name, points: a[1], section: a[3] });
      return { value: 0, out: [a[1], name] };
    }
    case 'SapModel.AreaObj.SetLoadUniform':
      need().loads.push({ call: req.target, args: a });
      m.analysed = false;
      return { value: 0 };
    case 'SapModel.AreaObj.DeleteLoadUniform':
      need().loads = m.loads.filter((l: Json) => l.args[1] !== a[1]);
      return { value: 0 };
    case 'SapModel.Results.Setup.SetComboSelectedForOutput':
      if (!need().combos.some((x: Json) => x.name === a[0])) return { value: 1 };
      m.selected = a[0];
      return { value: 0 };
    case 'SapModel.Results.BaseReact': {
      if (!need().analysed) return { value: 1, out: [0] };
      const rows: Json[] = sc.results?.[m.selected]?.base ?? [];
      const cols = [0, 1, 2, 3, 4, 5].map((c) => rows.map((r) => r.values[c]));
      return {
        value: 0,
        out: [
          rows.length,
          rows.map(() => m.selected),
          rows.map((r) => r.step ?? 'LinStatic'),
          rows.map(() => 0),
          ...cols,
          0,
          0,
          0,
        ],
      };
    }
    case 'SapModel.PointObj.AddCartesian': {
      const xyz = a.slice(0, 3) as number[];
      let pt = need().points.find((q: Json) => q.xyz.every((v: number, k: number) => Math.abs(v - xyz[k]!) < 1e-9));
      if (!pt)
        need().points.push(
          (pt = { name: String(m.points.length + 1), xyz, restraint: [false, false, false, false, false, false] }),
        );
      return { value: 0, out: [pt.name] };
    }
    case 'SapModel.PointObj.GetCoordCartesian': {
      const pt = need().points.find((q: Json) => q.name === a[0]);
      return pt ? { value: 0, out: pt.xyz } : { value: 1, out: [0, 0, 0] };
    }
    case 'SapModel.PointObj.SetRestraint': {
      const pt = need().points.find((q: Json) => q.name === a[0]);
      if (!pt) return { value: 1, out: [a[1]] };
      pt.restraint = a[1];
      m.analysed = false;
      return { value: 0, out: [a[1]] };
    }
    case 'SapModel.PointObj.GetRestraint': {
      const pt = need().points.find((q: Json) => q.name === a[0]);
      return pt ? { value: 0, out: [pt.restraint] } : { value: 1, out: [[]] };
    }
    case 'SapModel.FrameObj.AddByPoint': {
      if (a[3] !== 'Default' && !need().sections.some((x: Json) => x.name === a[3])) return { value: 1, out: [''] };
      const name = (a[4] as string) || String(m.frames.length + 1);
      m.frames.push({ name, i: a[0], j: a[1], section: a[3] });
      return { value: 0, out: [name] };
    }
    case 'SapModel.FrameObj.SetSection': {
      const f = need().frames.find((x: Json) => x.name === a[0]);
      if (!f || !m.sections.some((x: Json) => x.name === a[1])) return { value: 1 };
      f.section = a[1];
      return { value: 0 };
    }
    case 'SapModel.FrameObj.GetPoints': {
      const f = need().frames.find((x: Json) => x.name === a[0]);
      return f ? { value: 0, out: [f.i, f.j] } : { value: 1, out: ['', ''] };
    }
    case 'SapModel.FrameObj.SetReleases':
    case 'SapModel.FrameObj.SetLocalAxes':
      need().frames.find((x: Json) => x.name === a[0])[req.target.endsWith('Releases') ? 'releases' : 'angle'] =
        req.target.endsWith('Releases') ? [a[1], a[2]] : a[1];
      return { value: 0, out: req.target.endsWith('Releases') ? [a[1], a[2], a[3], a[4]] : [] };
    case 'SapModel.LoadPatterns.Add':
      need().patterns.push({ name: a[0], type: a[1], selfWeight: a[2] });
      if (a[3]) m.cases.push({ name: a[0] });
      return { value: 0 };
    case 'SapModel.PointObj.SetLoadForce':
    case 'SapModel.FrameObj.SetLoadPoint':
    case 'SapModel.FrameObj.SetLoadDistributed':
      need().loads.push({ call: req.target, args: a });
      m.analysed = false;
      return { value: 0, out: req.target.endsWith('SetLoadForce') ? [a[2]] : [] };
    case 'SapModel.PointObj.DeleteLoadForce':
    case 'SapModel.FrameObj.DeleteLoadPoint':
    case 'SapModel.FrameObj.DeleteLoadDistributed':
      need().loads = m.loads.filter((l: Json) => l.args[1] !== a[1]);
      return { value: 0 };
    case 'SapModel.FrameObj.SetOutputStations':
      need().stations = a;
      return { value: 0 };
    case 'SapModel.Analyze.RunAnalysis':
      if (!need().path) return { value: 1 };
      m.analysed = true;
      return { value: 0 };
    case 'SapModel.Results.Setup.DeselectAllCasesAndCombosForOutput':
      need().selected = null;
      return { value: 0 };
    case 'SapModel.Results.Setup.SetCaseSelectedForOutput':
      if (!need().cases.some((x: Json) => x.name === a[0])) return { value: 1 };
      m.selected = a[0];
      return { value: 0 };
    case 'SapModel.Results.JointDispl':
    case 'SapModel.Results.JointReact': {
      if (!need().analysed) return { value: 1, out: [0] };
      const table = sc.results?.[m.selected]?.[req.target.endsWith('Displ') ? 'displacements' : 'reactions'] ?? {};
      const joints = a[1] === 2 ? Object.keys(table) : Object.keys(table).filter((j) => j === a[0]);
      const cols = [0, 1, 2, 3, 4, 5].map((c) => joints.map((j) => table[j][c]));
      return {
        value: 0,
        out: [
          joints.length,
          joints,
          joints,
          joints.map(() => m.selected),
          joints.map(() => 'LinStatic'),
          joints.map(() => 0),
          ...cols,
        ],
      };
    }
    case 'SapModel.Results.FrameForce': {
      if (!need().analysed) return { value: 1, out: [0] };
      const rows: Json[] = sc.results?.[m.selected]?.forces?.[a[0] as string] ?? [];
      const cols = [0, 1, 2, 3, 4, 5].map((c) => rows.map((r) => r.values[c]));
      return {
        value: 0,
        out: [
          rows.length,
          rows.map(() => a[0]),
          rows.map((r) => r.distance),
          rows.map(() => `${a[0]}-1`),
          rows.map((r) => r.distance),
          rows.map(() => m.selected),
          rows.map(() => 'LinStatic'),
          rows.map(() => 0),
          ...cols,
        ],
      };
    }
  }
  return generic(req, sc);
}

/** A method the fake does not play: the scenario's answer, or 0 with the ByRef arguments echoed. */
function generic(req: Json, sc: Json): { value: unknown; out?: unknown[] } {
  const entry = oapiMethod(req.target);
  if (!entry) throw new Error(`the fake CSI program does not know ${req.target}`);
  const scripted = sc.answers?.[req.target];
  const byref = entry.params.map((q, k) => ({ q, k })).filter(({ q }) => q.io !== 'in');
  const empty = (t: string) => (t.endsWith('[]') ? [] : t === 'string' ? '' : t === 'bool' ? false : 0);
  const out = byref.map(({ q, k }) =>
    scripted?.out && q.name in scripted.out ? scripted.out[q.name] : q.io === 'inout' ? req.args[k] : empty(q.type),
  );
  return { value: scripted?.value ?? 0, out };
}

// ---- the Mathcad program -------------------------------------------------------------------

function mathcad(req: Json, s: Json, sc: Json): { value: unknown; out?: unknown[] } {
  s.mc ??= { alive: false, handles: 0, sheets: [] };
  const p = s.mc;
  const ws = sc.worksheet;
  if (req.op === 'connect') {
    const started = !sc.alreadyRunning && !p.alive;
    p.alive = true;
    p.handles = 0;
    return { value: { started, pid: 777, version: '11.0.1.0' } };
  }
  if (req.op === 'status') return { value: { attached: p.alive } };
  if (req.op === 'release') return { value: null };
  if (req.op === 'get') {
    if (req.target === 'Application.Worksheets') return { value: { Count: p.sheets.length } };
    const [h, ...rest] = String(req.target).split('.');
    if (rest[0] === 'Inputs' || rest[0] === 'Outputs')
      return { value: { Count: Object.keys(ws[rest[0].toLowerCase()]).length } };
    const obj = p[`obj${h}`];
    if (!obj) throw new Error(`unknown handle ${h}`);
    return { value: Object.fromEntries(req.names.map((n: string) => [n, obj[n]])) };
  }
  const handle = (o: Json) => {
    const id = `@${++p.handles}`;
    p[`obj${id}`] = o;
    return { $handle: id };
  };
  const [h, ...rest] = String(req.target).split('.');
  const method = rest.join('.');
  const a = req.args as Json[];
  if (req.target === 'Application.Open') {
    p.sheets = [a[0]];
    return { value: handle({ Name: 'sheet' }) };
  }
  if (req.target === 'Application.Worksheets.Item') return { value: handle({ FullName: p.sheets[a[0]] }) };
  if (req.target === 'Application.Quit') {
    p.alive = false;
    p.quit = a[0];
    return { value: null };
  }
  if (!p[`obj${h}`]) throw new Error(`unknown handle ${h}`);
  switch (method) {
    case 'Inputs.GetAliasByIndex':
      return { value: Object.keys(ws.inputs)[a[0]] };
    case 'Outputs.GetAliasByIndex':
      return { value: Object.keys(ws.outputs)[a[0]] };
    case 'SetRealValue':
      p.set = [...(p.set ?? []), a];
      return { value: a[2] === 'bogus' ? 1 : 0 };
    case 'SetStringValue':
      p.set = [...(p.set ?? []), a];
      return { value: 0 };
    case 'Synchronize':
      p.synced = (p.synced ?? 0) + 1;
      return { value: null };
    case 'OutputGetValue': {
      const o = ws.outputs[a[0]];
      return {
        value: handle({
          ResultType: o.type === 'real' ? 1 : o.type === 'string' ? 2 : 3,
          RealResult: o.type === 'real' ? o.value : 0,
          StringResult: o.type === 'string' ? o.value : '',
          Units: o.unit ?? '',
          ErrorCode: 0,
        }),
      };
    }
    case 'OutputGetRealValueAs': {
      const o = ws.outputs[a[0]];
      return { value: handle({ RealResult: o.value * (o.as?.[a[1]] ?? NaN), ErrorCode: o.as?.[a[1]] ? 0 : 5 }) };
    }
    case 'Save':
      return { value: null };
    case 'SaveAs':
      p.savedAs = a[0];
      return { value: null };
  }
  throw new Error(`the fake Mathcad does not know ${req.target}`);
}
