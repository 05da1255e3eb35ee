// Fuzz family: floods over the graphql-ws socket (issue 29, finding 2: one anonymous socket of 300
// subscribe messages of 12.6 KB froze the server 18 s; 1,000 anonymous sockets were held). Seeded
// rounds, until the time is up, of:
// - anonymous: 50 sockets at once, each sending connection_init without a key and 20 messages of
//   12.6 KB; every one must be closed (4401, 4408, 4429) or refused at the upgrade (429), and none
//   may get an answer to a subscribe (that would mean it was parsed);
// - keyed messages: one socket of a free key sending 300 such messages;
// - big message: a keyed socket sending 1 MB (closed 1009);
// - keyed sockets: 60 sockets of one free key (those past the cap closed 4429).
// The run gives it a phase of its own (fuzz/fuzz.ts), so the worst /healthcheck time of the phase
// is this family's; a step is one round, and any unexpected outcome is a failure.
// `npm run fuzz -- --kinds socket-flood` runs it alone.
import WebSocket from 'ws';
import type { Rand } from '../inputs.ts';
import type { FuzzFamily, StepContext } from '../family.ts';

/** A subscribe document of about 12.6 KB under the token cap: one field selected 1,800 times. */
const bigSubscription = (r: Rand) =>
  `subscription { jobUpdated(id: "${Math.floor(r() * 1e9)}") { ${'status '.repeat(1_800)}} }`;

interface Outcome {
  /** 'upgrade <status>', 'close <code>', or 'open' when the socket was still open at the end of its round. */
  end: string;
  /** Types of the messages the server sent. */
  answers: string[];
}

/**
 * One socket: sends `now` once open, and `afterAck` once the server acknowledges connection_init
 * (as a client that wants its subscribes read must); settles when it closes, or after `holdMs`
 * (the round's bound, long past the server's own limits, so a slow machine is not taken for a
 * held socket).
 */
function socket(
  url: string,
  send: { now: () => string[]; afterAck?: () => string[] },
  holdMs: number,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const answers: string[] = [];
    const ws = new WebSocket(url.replace(/^http/, 'ws') + '/graphql', 'graphql-transport-ws');
    const timer = setTimeout(() => {
      ws.terminate();
      resolve({ end: 'open', answers });
    }, holdMs);
    const done = (end: string) => {
      clearTimeout(timer);
      resolve({ end, answers });
    };
    const sendAll = (messages: string[]) => {
      for (const m of messages) if (ws.readyState === ws.OPEN) ws.send(m);
    };
    ws.on('message', (data) => {
      const type = String(JSON.parse(String(data)).type);
      answers.push(type);
      if (type === 'connection_ack' && send.afterAck) sendAll(send.afterAck());
    });
    ws.on('open', () => sendAll(send.now()));
    ws.on('unexpected-response', (_req, res) => {
      res.resume();
      done(`upgrade ${res.statusCode}`);
      ws.terminate();
    });
    ws.on('close', (code) => done(`close ${code}`));
    ws.on('error', () => undefined);
  });
}

const init = (key?: string) =>
  JSON.stringify({ type: 'connection_init', payload: key ? { authorization: `Bearer ${key}` } : {} });
const subscribe = (r: Rand, id: number) =>
  JSON.stringify({ id: String(id), type: 'subscribe', payload: { query: bigSubscription(r) } });

/** The key of an attacker with one: the run's free key (its budget is the attacker's; the keyed rounds run only with one). */
const attackerKey = (ctx: StepContext) => ctx.target.freeKey!;

/** Unexpected ends of a socket: anything but a close code the edge gives, or the upgrade refused with 429. */
function check(ctx: StepContext, round: string, o: Outcome, expected: readonly string[]) {
  if (!expected.includes(o.end))
    ctx.fail(`${round}: a socket ended ${o.end}`, { method: 'WS', path: '/graphql', status: o.end });
}

const ROUNDS: Record<string, (ctx: StepContext) => Promise<void>> = {
  async anonymous(ctx) {
    // The flood goes with the init, unasked: none of it may be read.
    const all = await Promise.all(
      Array.from({ length: 50 }, () =>
        socket(
          ctx.target.url,
          { now: () => [init(), ...Array.from({ length: 20 }, (_, i) => subscribe(ctx.r, i))] },
          30_000,
        ),
      ),
    );
    for (const o of all) {
      check(ctx, 'anonymous', o, ['close 4401', 'close 4408', 'close 4429', 'upgrade 429']);
      // An answer of any kind (an acknowledgement, a subscribe's error) means the socket was read past connection_init.
      if (o.answers.length)
        ctx.fail(`anonymous: a socket was answered ${o.answers.join(',')}`, {
          method: 'WS',
          path: '/graphql',
          status: 'answered',
        });
    }
  },
  async keyedMessages(ctx) {
    const o = await socket(
      ctx.target.url,
      {
        now: () => [init(attackerKey(ctx))],
        afterAck: () => Array.from({ length: 300 }, (_, i) => subscribe(ctx.r, i)),
      },
      30_000,
    );
    // Cut by the messages per minute (4429), or still open with its subscribes refused by the budget.
    check(ctx, 'keyed messages', o, ['close 4429', 'open', 'upgrade 429']);
  },
  async bigMessage(ctx) {
    const huge = JSON.stringify({
      id: 'big',
      type: 'subscribe',
      payload: { query: `subscription { jobUpdated(id: "${'x'.repeat(1 << 20)}") { id } }` },
    });
    const o = await socket(ctx.target.url, { now: () => [init(attackerKey(ctx))], afterAck: () => [huge] }, 30_000);
    check(ctx, 'big message', o, ['close 1009', 'upgrade 429']);
  },
  async keyedSockets(ctx) {
    const all = await Promise.all(
      Array.from({ length: 60 }, () => socket(ctx.target.url, { now: () => [init(attackerKey(ctx))] }, 10_000)),
    );
    for (const o of all) check(ctx, 'keyed sockets', o, ['open', 'close 4429', 'upgrade 429']);
    if (!all.some((o) => o.end === 'close 4429' || o.end === 'upgrade 429'))
      ctx.fail('keyed sockets: 60 sockets of one key were all held', {
        method: 'WS',
        path: '/graphql',
        status: 'held',
      });
  },
};
const NAMES = Object.keys(ROUNDS);

export const socketFlood: FuzzFamily = {
  name: 'socket-flood',
  // One round at a time: a round is already a crowd of sockets.
  concurrency: 1,
  async step(ctx) {
    const names = ctx.target.freeKey ? NAMES : ['anonymous'];
    await ROUNDS[names[Math.floor(ctx.r() * names.length)]!]!(ctx);
  },
};
