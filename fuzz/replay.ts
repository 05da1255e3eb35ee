// npm run fuzz:replay -- --seed N --case family#index [--body file]: sends one case of the fuzz
// again, alone, against a fresh server (fuzz/start.ts), and prints each request it makes with its
// answer and time. A case is made by its own generator (caseRng in fuzz/inputs.ts), so the failing
// case a run names is the same bytes here. --body writes the last request's body to a file (to
// read it, or to keep as a test's fixture). Exits 1 when the answer breaks a promise the fuzz checks.
import fs from 'node:fs';
import type { Answer, Case, StepContext } from './family.ts';
import { FAMILIES } from './families/index.ts';
import { brokenPromise, sendCase } from './fuzz.ts';
import { caseRng } from './inputs.ts';
import { startFuzzServer } from './start.ts';

const flag = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const seed = Number(flag('seed') ?? 1);
const [name, index] = (flag('case') ?? '').split('#');
const family = FAMILIES.find((f) => f.name === name);
if (!family || !Number.isInteger(Number(index))) {
  console.error(`--case takes family#index, a family of: ${FAMILIES.map((f) => f.name).join(', ')}`);
  process.exit(2);
}

const prepared = (await family.prepare?.()) ?? {};
const server = await startFuzzServer({ ...process.env, ...family.serverEnv?.(), ...prepared.env });
const doc = (await (await fetch(`${server.target.url}/openapi.json`)).json()) as {
  paths: Record<string, Record<string, unknown>>;
};
const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
  Object.keys(ops)
    .filter((m) => ['get', 'post', 'put', 'delete', 'patch'].includes(m))
    .map((method) => ({ method, path })),
);
let broken = 0;
let last: Case | undefined;
const caseId = `${family.name}#${index}`;
const ctx: StepContext = {
  r: caseRng(seed, family.name, Number(index)),
  caseId,
  target: server.target,
  routes,
  truncatedMultipart: true,
  over: () => false,
  async send(c, o = {}): Promise<Answer> {
    last = c;
    const answer = await sendCase(c, o.timeoutMs);
    const why = brokenPromise(answer);
    if (why) broken++;
    console.log(
      `${c.method} ${new URL(c.url).pathname} (${c.body?.length ?? 0} bytes) → ${answer.status} in ${answer.ms.toFixed(0)} ms ${why ? `BROKEN: ${why}` : answer.text.slice(0, 160)}`,
    );
    return answer;
  },
  fail(detail) {
    broken++;
    console.log(`check failed: ${detail}`);
  },
};
await family.step(ctx).catch((err: unknown) => ctx.fail(`the family's step threw: ${(err as Error).stack ?? err}`));
const out = flag('body');
if (out && last?.body) fs.writeFileSync(out, last.body);
const stall = await server.stalls();
console.log(
  `${caseId} of seed ${seed}: ${broken ? 'broken' : 'answered as promised'}; the server's longest loop turn ${stall.cpuMs.toFixed(0)} ms CPU (${stall.wallMs.toFixed(0)} ms wall)`,
);
await server.stop();
await prepared.close?.();
process.exit(broken ? 1 : 0);
