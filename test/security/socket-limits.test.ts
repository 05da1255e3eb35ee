// Issue 29, finding 2: graphql-ws parsed and validated every subscribe message before the key and
// before any rate limit, so one anonymous socket of 300 messages of 12.6 KB froze the server
// 18 s, and 1,000 anonymous sockets were accepted and held. Now the key is checked at
// connection_init before anything else is read, every subscribe spends one point of the key's
// budget before it is parsed, and sockets per address and per key, messages per socket and
// message size are capped (core/limits.ts, gateway/graphql-ws.ts). Real sockets on loopback.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { rawSocket, type RawSocket } from '../helpers/ws.ts';

vi.hoisted(() => {
  Object.assign(process.env, {
    WS_CONNECTION_INIT_TIMEOUT_MS: '2000',
    WS_MAX_SOCKETS_PER_ADDRESS: '8',
    WS_MAX_SOCKETS_PER_KEY: '3',
    WS_MAX_MESSAGES_PER_MINUTE: '30',
    WS_MAX_MESSAGE_BYTES: String(32 * 1024),
  });
});

const INVALID = (i: number) => `subscription S${i} { jobUpdated(id: "x") { noSuchField${i} } }`;

let server: TestServer;
let pro: string;
let free: string;
const open: RawSocket[] = [];

/** A socket that is closed (and waited for) when the test ends, so the next test starts under the address cap. */
async function socket(): Promise<RawSocket> {
  const s = await rawSocket(server.url);
  open.push(s);
  return s;
}

async function acked(key: string): Promise<RawSocket> {
  const s = await socket();
  s.send({ type: 'connection_init', payload: { authorization: `Bearer ${key}` } });
  await waitFor(
    async () =>
      s.received.some((m) => m.type === 'connection_ack') ||
      (await Promise.race([s.closed.then(() => 'closed'), Promise.resolve(false)])),
  );
  return s;
}

const errorsOf = (s: RawSocket, id: string) =>
  s.received.find((m) => m.id === id && m.type === 'error')?.payload as any[] | undefined;

beforeAll(async () => {
  server = await startTestServer({ FREE_RATE_PER_MIN: '5' });
  pro = (await server.key('pro')).secret;
  free = (await server.key('free')).secret;
});

afterAll(() => server?.stop());

describe('graphql-ws before anything is parsed', () => {
  afterAll(async () => {
    for (const s of open.splice(0)) s.ws.terminate();
  });
  const closeAll = async () => {
    const all = open.splice(0);
    for (const s of all) s.ws.close();
    await Promise.all(all.map((s) => s.closed));
    // The server counts a socket until its TCP connection ends, a moment after the client saw the close.
    await waitFor(async () => all.every((s) => s.ws.readyState === s.ws.CLOSED));
  };

  it('closes a socket without a valid key at connection_init (4401), before any subscribe is read', async () => {
    for (const payload of [{}, { authorization: 'Bearer sk_not-a-key' }]) {
      const s = await socket();
      s.send({ type: 'connection_init', payload });
      // Whatever comes first: an acknowledgement (the socket would then read subscribes) or the close.
      await Promise.race([s.closed, waitFor(async () => s.received.length > 0)]);
      expect(s.received).toEqual([]);
      const { code, reason } = await s.closed;
      expect(code).toBe(4401);
      expect(reason).toMatch(/^UNAUTHORIZED/);
    }
    // A flood sent at once with the init is never parsed either: closed, nothing answered.
    const s = await socket();
    s.send({ type: 'connection_init', payload: {} });
    for (let i = 0; i < 20; i++) s.send({ id: String(i), type: 'subscribe', payload: { query: INVALID(i) } });
    expect((await s.closed).code).toBe(4401);
    expect(s.received).toEqual([]);
    await closeAll();
  });

  it('closes a socket that sends no connection_init within the limit (4408)', async () => {
    const s = await socket();
    expect((await s.closed).code).toBe(4408);
    await closeAll();
  });

  it('refuses the upgrade past the sockets one address may hold (HTTP 429), and takes one again when a socket closes', async () => {
    // Until refused: a socket of the test before may still be counted for a moment.
    let refused: unknown = null;
    for (let i = 0; i < 12 && !refused; i++) await socket().catch((err) => (refused = err));
    expect(refused).toMatchObject({ status: 429 });
    expect(open.length).toBeGreaterThanOrEqual(6);
    expect(open.length).toBeLessThanOrEqual(8);
    const first = open.shift()!;
    first.ws.close();
    await first.closed;
    await waitFor(async () => {
      try {
        open.push(await rawSocket(server.url));
        return true;
      } catch {
        return false;
      }
    }, 5_000);
    await closeAll();
  });

  it('closes a socket past the sockets one key may hold (4429)', async () => {
    const { secret: pro } = await server.key('pro');
    const held = [await acked(pro), await acked(pro), await acked(pro)];
    expect(held.every((s) => s.received.some((m) => m.type === 'connection_ack'))).toBe(true);
    const fourth = await socket();
    fourth.send({ type: 'connection_init', payload: { authorization: `Bearer ${pro}` } });
    expect(await fourth.closed).toMatchObject({ code: 4429, reason: expect.stringMatching(/at most 3/) });
    // Another key is not held back by this one's sockets.
    const other = await acked(free);
    expect(other.received.some((m) => m.type === 'connection_ack')).toBe(true);
    await closeAll();
  });

  it('closes a socket past its messages per minute (4429), pings included', async () => {
    const s = await acked(pro);
    // connection_init and 29 pings are the minute's 30 messages.
    for (let i = 0; i < 29; i++) s.send({ type: 'ping' });
    await waitFor(async () => s.received.filter((m) => m.type === 'pong').length === 29);
    s.send({ type: 'ping' });
    expect(await s.closed).toMatchObject({ code: 4429, reason: expect.stringMatching(/messages/) });
    expect(s.received.filter((m) => m.type === 'pong')).toHaveLength(29);
    await closeAll();
  });

  it('charges every subscribe to the key before it is parsed: invalid documents spend the budget, then RATE_LIMITED without parsing', async () => {
    const s = await acked(free);
    for (let i = 0; i < 5; i++) s.send({ id: `v${i}`, type: 'subscribe', payload: { query: INVALID(i) } });
    await waitFor(async () => [0, 1, 2, 3, 4].every((i) => errorsOf(s, `v${i}`)));
    for (let i = 0; i < 5; i++) expect(errorsOf(s, `v${i}`)![0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    // Past the free budget (5 a minute here), a document that does not even parse is refused by the budget.
    s.send({ id: 'over', type: 'subscribe', payload: { query: 'subscription { '.repeat(500) } });
    await waitFor(async () => errorsOf(s, 'over'));
    expect(errorsOf(s, 'over')![0].extensions).toMatchObject({ code: 'RATE_LIMITED' });
    await closeAll();
  });

  it('closes a socket that sends a message over the size limit (1009)', async () => {
    const s = await acked(pro);
    s.send({
      id: 'big',
      type: 'subscribe',
      payload: { query: `subscription { jobUpdated(id: "${'x'.repeat(40 * 1024)}") { id } }` },
    });
    expect((await s.closed).code).toBe(1009);
    expect(errorsOf(s, 'big')).toBeUndefined();
    await closeAll();
  });
});
