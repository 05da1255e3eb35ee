// Agent runs and the desktop bridge end to end: the real platform, a scripted chat-completions
// server (streaming, tool calls) and a scripted desktop client over real graphql-ws.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { wsClient } from '../helpers/ws.ts';
import { gate, modelEnv, startModelServer, type ModelServer } from '../helpers/model-server.ts';
import { REGISTER, startDesktop, type DeliveredCall } from '../helpers/desktop-client.ts';

const SEND = `mutation ($input: SendMessageInput!) { sendMessage(input: $input) { conversation { id agent { id } } disposition run { id status stepLimit } } }`;
const LATEST = `query ($id: ID!) { conversation(id: $id) { id latestRun { id status steps stepLimit reasonCode reason promptTokens completionTokens toolCalls costUsd } messages { role content toolCallId } } }`;
const EVENTS = `subscription ($c: ID!) { runEvents(conversationId: $c) { runId type status text step stepLimit elapsedMs reasonCode toolCall { callId name arguments result errorCode } } }`;
const FRAME = 'frame-analysis-sap2000';

// Results as the stand-in adapter answers them, valid against the shared tool schema.
const NEW_MODEL_RESULT = {
  joints: 4,
  frames: 3,
  materials: [],
  sections: [],
  patterns: [],
  units: 'kN_m_C',
  dimension: '2d',
  path: null,
  created_frames: ['1', '2', '3'],
  created_joints: ['1', '2', '3', '4'],
};
const RUN_RESULT = { cases: ['DEAD'], equations: 6, elapsed_ms: 1.5 };
const answerFor = (call: DeliveredCall) => ({ result: call.tool === 'new_model' ? NEW_MODEL_RESULT : RUN_RESULT });

let server: TestServer;
let model: ModelServer;
let key: string;
let other: string;
const sockets: Client[] = [];
const desktops: { disconnect(): Promise<void> }[] = [];

/** A scripted desktop that afterEach disconnects, so a failed test leaves no machine to take the next test's calls. */
async function desktopFor(k: string, machineId: string, onCall: Parameters<typeof startDesktop>[2]['onCall']) {
  const d = await startDesktop(server, k, { machineId, onCall });
  desktops.push(d);
  return d;
}

/** Subscribes to a conversation's events; `until` resolves with every event up to the first that matches. */
function watch(conversationId: string, k = key) {
  const events: any[] = [];
  const client = wsClient(server.url, k);
  sockets.push(client);
  const errors: any[] = [];
  client.subscribe(
    { query: EVENTS, variables: { c: conversationId } },
    {
      next: (m) => (m.errors ? errors.push(...m.errors) : events.push(m.data!.runEvents)),
      error: (e) => errors.push(e),
      complete: () => undefined,
    },
  );
  return {
    events,
    errors,
    until: (pred: (e: any) => boolean, ms = 15_000) => waitFor(async () => events.some(pred) && events, ms),
  };
}

async function send(input: Record<string, unknown>, k = key) {
  const res = await server.gql(SEND, { input }, k);
  return res.body;
}

async function latest(id: string, k = key) {
  return (await server.gql(LATEST, { id }, k)).body.data.conversation;
}

const toolMessages = (request: { messages: any[] }) => request.messages.filter((m) => m.role === 'tool');

beforeAll(async () => {
  model = await startModelServer();
  server = await startTestServer({
    ...modelEnv(model),
    // Long enough for a loaded machine to deliver and answer a call; the timeout and wait tests pay them once each.
    AGENT_TOOL_TIMEOUT_MS: '5000',
    AGENT_DESKTOP_WAIT_MS: '6000',
    FREE_AGENT_CREDITS_USD: '0.01',
    PRO_RATE_PER_MIN: '1000',
  });
  key = (await server.key('pro')).secret;
  other = (await server.key('pro')).secret;
});

afterEach(async () => {
  await Promise.all(desktops.splice(0).map((d) => d.disconnect()));
});

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose()));
  await server?.stop();
  await model?.close();
});

describe('agent runs over the bridge', () => {
  it('lists the agents with the desktop tools of the shared schema', async () => {
    const res = await server.gql(`{ agents { id name model programs tools } }`, {}, key);
    const agents = res.body.data.agents;
    expect(agents.map((a: any) => a.name)).toEqual([
      'Frame analysis (SAP2000)',
      'Building analysis (ETABS)',
      'Calculations (Mathcad)',
    ]);
    expect(agents[0]).toMatchObject({ model: 'scripted-model', programs: ['SAP2000'] });
    expect(agents[0].tools).toContain('sap2000_define_frames');
    expect(agents[2].tools.filter((t: string) => t.startsWith('mathcad_'))).toEqual([
      'mathcad_open_worksheet',
      'mathcad_set_inputs',
      'mathcad_read_outputs',
      'mathcad_save_worksheet',
    ]);
  });

  it('runs a turn that calls two desktop tools and answers, streaming the live view', async () => {
    const desktop = await desktopFor(key, 'ws-two-tools', answerFor);
    // The first answer waits until the live view is subscribed (a new conversation's id comes with sendMessage's answer).
    const subscribed = gate();
    model.script(
      {
        hold: subscribed.promise,
        reasoning: 'A portal frame: start from the template.',
        toolCalls: [
          {
            name: 'sap2000_new_model',
            arguments: {
              units: 'kN_m_C',
              dimension: '2d',
              template: { kind: 'portal_frame', stories: 1, story_height: 4, bays: 1, bay_width: 6 },
            },
          },
        ],
      },
      { toolCalls: [{ name: 'sap2000_run_analysis', arguments: {} }], usage: { prompt: 300, completion: 40 } },
      { reasoning: 'Read back.', content: 'The model has 3 frames and the analysis ran for case DEAD.' },
    );
    const started = await send({ agentId: FRAME, content: 'Model a 6 m by 4 m portal frame and analyse it.' });
    expect(started.errors).toBeUndefined();
    expect(started.data.sendMessage).toMatchObject({
      disposition: 'STARTED',
      run: { status: 'THINKING', stepLimit: 25 },
    });
    const id = started.data.sendMessage.conversation.id;
    const live = watch(id);
    await waitFor(async () => live.events.length > 0);
    subscribed.open();
    const events = await live.until((e) => e.status === 'DONE');

    // The desktop got both calls, validated, with the schema's defaults applied.
    expect(desktop.calls.map((c) => `${c.program}.${c.tool}`)).toEqual(['SAP2000.new_model', 'SAP2000.run_analysis']);
    expect(desktop.calls[0]!.arguments.template).toEqual({
      kind: 'portal_frame',
      stories: 1,
      story_height: 4,
      bays: 1,
      bay_width: 6,
    });
    expect(desktop.acks.map((a) => a.status)).toEqual(['ACCEPTED', 'ACCEPTED']);
    // The model was sent the agent's tools, then each result as a tool message.
    expect(model.requests.at(-3)!.tools!.map((t: any) => t.function.name)).toContain('sap2000_new_model');
    expect(model.requests.at(-3)!.messages[0]).toMatchObject({ role: 'system' });
    expect(toolMessages(model.requests.at(-1)!).map((m) => JSON.parse(m.content))).toEqual([
      NEW_MODEL_RESULT,
      RUN_RESULT,
    ]);

    const types = events.map((e: any) => e.type);
    expect(types).toEqual(expect.arrayContaining(['REASONING', 'TOOL_CALL', 'TOOL_RESULT', 'CONTENT', 'MESSAGE']));
    expect(
      events
        .filter((e: any) => e.type === 'REASONING')
        .map((e: any) => e.text)
        .join(''),
    ).toContain('start from the template');
    expect(events.find((e: any) => e.type === 'TOOL_RESULT')!.toolCall).toMatchObject({
      name: 'sap2000_new_model',
      result: NEW_MODEL_RESULT,
    });
    expect(events.find((e: any) => e.type === 'MESSAGE').text).toBe(
      'The model has 3 frames and the analysis ran for case DEAD.',
    );
    const done = events.at(-1);
    expect(done).toMatchObject({ status: 'DONE', step: 2 });
    expect(done.elapsedMs).toBeGreaterThanOrEqual(0);

    const conversation = await latest(id);
    expect(conversation.latestRun).toMatchObject({
      status: 'DONE',
      steps: 2,
      toolCalls: 2,
      promptTokens: 500,
      completionTokens: 80,
    });
    expect(conversation.latestRun.costUsd).toBeCloseTo((500 * 2.5 + 80 * 10) / 1e6, 12);
    expect(conversation.messages.map((m: any) => m.role)).toEqual([
      'USER',
      'ASSISTANT',
      'TOOL',
      'ASSISTANT',
      'TOOL',
      'ASSISTANT',
    ]);

    const usage = (await server.gql(`{ usage { usedUsd limitUsd resetAt runs toolCalls promptTokens } }`, {}, key)).body
      .data.usage;
    expect(usage).toMatchObject({ limitUsd: 20, toolCalls: 2, promptTokens: 500 });
    expect(usage.usedUsd).toBeGreaterThan(0);
    expect(Date.parse(usage.resetAt)).toBeGreaterThan(Date.now());
    await desktop.disconnect();
  });

  it('pauses at the step limit and resumes', async () => {
    const desktop = await desktopFor(key, 'ws-pause', answerFor);
    model.script({ toolCalls: [{ name: 'sap2000_run_analysis', arguments: {} }] }, { content: 'Analysed.' });
    const sent = await send({ agentId: FRAME, content: 'Run it.', stepLimit: 1 });
    const id = sent.data.sendMessage.conversation.id;
    const live = watch(id);
    await live.until((e) => e.status === 'PAUSED');
    const before = model.requests.length;
    expect((await latest(id)).latestRun).toMatchObject({ status: 'PAUSED', steps: 1, stepLimit: 1 });
    const resumed = await server.gql(`mutation ($c: ID!) { resumeRun(conversationId: $c) { status } }`, { c: id }, key);
    expect(resumed.body.errors).toBeUndefined();
    await live.until((e) => e.status === 'DONE');
    expect(model.requests.length).toBe(before + 1);
    // Resuming a run that is not paused is a conflict.
    const again = await server.gql(`mutation ($c: ID!) { resumeRun(conversationId: $c) { status } }`, { c: id }, key);
    expect(again.body.errors[0].extensions.code).toBe('RUN_STATE_CONFLICT');
    await desktop.disconnect();
  });

  it('steers the working run with a message sent meanwhile, or queues it for a new run', async () => {
    // Steer: the message joins the history before the next model call of the same run.
    const held = gate();
    model.script(
      { content: 'Working on the frame.', hold: held.promise },
      { content: 'Using 300 mm columns as you say.' },
    );
    const first = await send({ agentId: FRAME, content: 'Size the columns.' });
    const id = first.data.sendMessage.conversation.id;
    const live = watch(id);
    await waitFor(async () => model.requests.at(-1)?.messages.at(-1)?.content === 'Size the columns.');
    const steer = await send({ conversationId: id, content: 'Use 300 mm columns.', whileWorking: 'STEER' });
    expect(steer.data.sendMessage).toMatchObject({
      disposition: 'STEERED',
      run: { id: first.data.sendMessage.run.id },
    });
    held.open();
    await live.until((e) => e.status === 'DONE');
    expect(
      model.requests
        .at(-1)!
        .messages.filter((m: any) => m.role === 'user')
        .map((m: any) => m.content),
    ).toEqual(['Size the columns.', 'Use 300 mm columns.']);

    // Queue: the message waits; a second run answers it after the first is done.
    const held2 = gate();
    model.script({ content: 'First answer.', hold: held2.promise }, { content: 'Second answer.' });
    const q1 = await send({ conversationId: id, content: 'Question one.' });
    await waitFor(async () => model.requests.at(-1)?.messages.at(-1)?.content === 'Question one.');
    const q2 = await send({ conversationId: id, content: 'Question two.', whileWorking: 'QUEUE' });
    expect(q2.data.sendMessage).toMatchObject({ disposition: 'QUEUED', run: { id: q1.data.sendMessage.run.id } });
    held2.open();
    await waitFor(async () => {
      const c = await latest(id);
      return c.latestRun.id !== q1.data.sendMessage.run.id && c.latestRun.status === 'DONE';
    });
    const last = model.requests.at(-1)!.messages;
    expect(last.at(-1)).toMatchObject({ role: 'user', content: 'Question two.' });
    expect(last.at(-2)).toMatchObject({ role: 'assistant', content: 'First answer.' });
  });

  it('re-delivers an unanswered call when the desktop reconnects, and takes the result once', async () => {
    let drop = true;
    const desktop = await desktopFor(key, 'ws-drop', () => (drop ? 'ignore' : { result: RUN_RESULT }));
    model.script(
      { toolCalls: [{ name: 'sap2000_run_analysis', arguments: {} }] },
      { content: 'Done after the reconnect.' },
    );
    const sent = await send({ agentId: FRAME, content: 'Analyse.' });
    const id = sent.data.sendMessage.conversation.id;
    const live = watch(id);
    await waitFor(async () => desktop.calls.length === 1);
    // The link drops mid-call: the run waits for the desktop.
    await desktop.disconnect();
    await live.until((e) => e.status === 'WAITING_FOR_DESKTOP');
    drop = false;
    await desktop.connect();
    await live.until((e) => e.status === 'DONE');
    expect(desktop.calls.map((c) => [c.callId, c.delivery])).toEqual([
      [desktop.calls[0]!.callId, 1],
      [desktop.calls[0]!.callId, 2],
    ]);
    // The same result again is taken once.
    expect(await desktop.submit(desktop.calls[0]!.callId, { result: RUN_RESULT })).toMatchObject({
      status: 'DUPLICATE',
    });
    expect(toolMessages(model.requests.at(-1)!)).toHaveLength(1);
    await desktop.disconnect();
  });

  it('fails a step with DESKTOP_TIMEOUT when the desktop does not answer in time', async () => {
    const desktop = await desktopFor(key, 'ws-timeout', () => 'ignore');
    model.script(
      { toolCalls: [{ name: 'sap2000_run_analysis', arguments: {} }] },
      { content: 'The program did not answer.' },
    );
    const sent = await send({ agentId: FRAME, content: 'Analyse.' });
    const live = watch(sent.data.sendMessage.conversation.id);
    const events = await live.until((e) => e.status === 'DONE');
    expect(events.find((e: any) => e.type === 'TOOL_RESULT').toolCall.errorCode).toBe('DESKTOP_TIMEOUT');
    expect(JSON.parse(toolMessages(model.requests.at(-1)!)[0].content).error.code).toBe('DESKTOP_TIMEOUT');
    // A result after the timeout is ignored.
    expect(await desktop.submit(desktop.calls[0]!.callId, { result: RUN_RESULT })).toMatchObject({ status: 'EXPIRED' });
    await desktop.disconnect();
  });

  it('waits for a desktop, then ends interrupted; retryRun repeats the turn', async () => {
    const lonely = (await server.key('pro')).secret;
    model.script({ toolCalls: [{ name: 'sap2000_run_analysis', arguments: {} }] });
    const sent = await send({ agentId: FRAME, content: 'Analyse.' }, lonely);
    const id = sent.data.sendMessage.conversation.id;
    const live = watch(id, lonely);
    await live.until((e) => e.status === 'WAITING_FOR_DESKTOP');
    const ended = await live.until((e) => e.status === 'INTERRUPTED');
    expect(ended.at(-1)).toMatchObject({ reasonCode: 'DESKTOP_UNAVAILABLE' });

    const desktop = await desktopFor(lonely, 'ws-late', answerFor);
    model.script({ toolCalls: [{ name: 'sap2000_run_analysis', arguments: {} }] }, { content: 'Analysed on retry.' });
    const retried = await server.gql(
      `mutation ($c: ID!) { retryRun(conversationId: $c) { id status } }`,
      { c: id },
      lonely,
    );
    expect(retried.body.errors).toBeUndefined();
    await waitFor(async () => (await latest(id, lonely)).latestRun.status === 'DONE');
    const conversation = await latest(id, lonely);
    // The interrupted run's partial output was taken back: one user message, one complete turn.
    expect(conversation.messages.map((m: any) => m.role)).toEqual(['USER', 'ASSISTANT', 'TOOL', 'ASSISTANT']);
    await desktop.disconnect();
  });

  it('ends a run interrupted with MODEL_ERROR when the model endpoint fails', async () => {
    model.script({ status: 500 });
    const sent = await send({ agentId: FRAME, content: 'Hello?' });
    const id = sent.data.sendMessage.conversation.id;
    await waitFor(async () => (await latest(id)).latestRun.status === 'INTERRUPTED');
    expect((await latest(id)).latestRun).toMatchObject({
      reasonCode: 'MODEL_ERROR',
      reason: 'The model endpoint failed',
    });
    model.script({ content: 'Hello.', json: true });
    await server.gql(`mutation ($c: ID!) { retryRun(conversationId: $c) { id } }`, { c: id }, key);
    await waitFor(async () => (await latest(id)).latestRun.status === 'DONE');
  });

  it('refuses a run past the usage limit with OUT_OF_CREDITS and its reset time', async () => {
    const free = (await server.key('free')).secret;
    model.script({ content: 'Expensive answer.', usage: { prompt: 10_000, completion: 1_000 } });
    const sent = await send({ agentId: FRAME, content: 'One question.' }, free);
    const id = sent.data.sendMessage.conversation.id;
    await waitFor(async () => (await latest(id, free)).latestRun.status === 'DONE');
    const refused = await send({ conversationId: id, content: 'Another.' }, free);
    expect(refused.errors[0].extensions.code).toBe('OUT_OF_CREDITS');
    expect(Date.parse(refused.errors[0].extensions.details.reset_at)).toBeGreaterThan(Date.now());
  });

  it('refuses hostile input naming the field, and a desktop answer the schema refuses', async () => {
    expect((await send({ agentId: FRAME, content: 'x'.repeat(100_001) })).errors[0]).toMatchObject({
      extensions: { code: 'UNPROCESSABLE' },
      message: expect.stringMatching(/^content:/),
    });
    expect((await send({ agentId: FRAME, content: 'hi', stepLimit: 0 })).errors[0].message).toMatch(/^stepLimit:/);
    expect((await send({ agentId: 'no-such-agent', content: 'hi' })).errors[0].message).toMatch(
      /^agentId: unknown agent/,
    );
    const badMachine = await server.gql(
      `mutation { registerClient(input: {machineId: "../x", name: "x", clientVersion: "1", lanes: []}) { machineId } }`,
      {},
      key,
    );
    expect(badMachine.body.errors[0].message).toMatch(/^input\.machineId/);

    // A result that does not match the tool's result schema: 422 to the desktop, PROGRAM_ERROR to the model.
    const desktop = await desktopFor(key, 'ws-bad-result', () => ({ result: { cases: 'DEAD' } }));
    model.script(
      { toolCalls: [{ name: 'sap2000_run_analysis', arguments: {} }] },
      { content: 'The program answered something odd.' },
    );
    const sent = await send({ agentId: FRAME, content: 'Analyse.' });
    const id = sent.data.sendMessage.conversation.id;
    await waitFor(async () => (await latest(id)).latestRun.status === 'DONE');
    const told = JSON.parse(toolMessages(model.requests.at(-1)!)[0].content);
    expect(told.error.code).toBe('PROGRAM_ERROR');
    expect(told.error.message).toContain('result.cases');
    expect(desktop.acks).toEqual([]);
    expect(desktop.rejected[0]).toContain('UNPROCESSABLE');

    // Arguments the schema refuses never reach the desktop: the model hears INVALID_ARGUMENTS.
    const before = desktop.calls.length;
    model.script(
      { toolCalls: [{ name: 'sap2000_define_material', arguments: { name: 'S355', e: -1 } }] },
      { content: 'Fixed.' },
    );
    await send({ conversationId: id, content: 'Define steel.' });
    await waitFor(
      async () =>
        (await latest(id)).latestRun.status === 'DONE' && model.requests.at(-1)!.messages.at(-1).role === 'tool',
    );
    expect(JSON.parse(toolMessages(model.requests.at(-1)!).at(-1).content).error).toMatchObject({
      code: 'INVALID_ARGUMENTS',
      message: expect.stringMatching(/^args\.e:/),
    });
    expect(desktop.calls.length).toBe(before);
  });

  it('locks the agent at the first message', async () => {
    model.script({ content: 'Hi.' });
    const sent = await send({ agentId: FRAME, content: 'Hi.' });
    const id = sent.data.sendMessage.conversation.id;
    const locked = await send({ conversationId: id, agentId: 'calculations-mathcad', content: 'Switch.' });
    expect(locked.errors[0].extensions).toMatchObject({ code: 'AGENT_LOCKED', details: { agent_id: FRAME } });
    const missing = await send({ content: 'No agent.' });
    expect(missing.errors[0].message).toMatch(/^agentId/);
  });

  it('shows each desktop, its lanes and its connection; heartbeats update the lanes', async () => {
    const owner = (await server.key('pro')).secret;
    const desktop = await desktopFor(owner, 'ws-lanes', answerFor);
    const CLIENTS = `{ desktopClients { machineId connected lastSeenAt lanes { program versions activeVersion state tools } } }`;
    const [client] = (await server.gql(CLIENTS, {}, owner)).body.data.desktopClients;
    expect(client).toMatchObject({ machineId: 'ws-lanes', connected: true });
    expect(client.lanes[0]).toMatchObject({
      program: 'SAP2000',
      versions: ['26.0.0', '24.1.0'],
      activeVersion: '26.0.0',
      state: 'READY',
    });
    expect(client.lanes[0].tools).toContain('run_analysis');
    expect(client.lanes[1]).toMatchObject({ program: 'MATHCAD', state: 'NOT_INSTALLED' });
    const beat = await server.gql(
      `mutation { heartbeat(machineId: "ws-lanes", lanes: [{program: SAP2000, versions: ["26.0.0"], state: BUSY}]) { lanes { program state } } }`,
      {},
      owner,
    );
    expect(beat.body.data.heartbeat.lanes[0]).toEqual({ program: 'SAP2000', state: 'BUSY' });
    await desktop.disconnect();
    // The server learns of the closed socket when it sees the close frame.
    await waitFor(async () => (await server.gql(CLIENTS, {}, owner)).body.data.desktopClients[0].connected === false);
    // A lane may offer only tools of the shared schema; a Mathcad call is not sent to a machine without Mathcad.
    const bad = await server.gql(
      `mutation { registerClient(input: {machineId: "x", name: "x", clientVersion: "1", lanes: [{program: ETABS, versions: [], tools: ["open_worksheet"], state: READY}]}) { machineId } }`,
      {},
      owner,
    );
    expect(bad.body.errors[0]).toMatchObject({ extensions: { code: 'UNPROCESSABLE' } });
    expect(bad.body.errors[0].message).toMatch(/^lanes\.tools: etabs offers no tool open_worksheet/);
  });

  it("lists the caller's own conversations, newest first, a page at a time", async () => {
    const owner = (await server.key('pro')).secret;
    const ids: string[] = [];
    for (const n of [1, 2, 3]) {
      model.script({ content: `Answer ${n}.` });
      ids.push((await send({ agentId: FRAME, content: `Question ${n}.` }, owner)).data.sendMessage.conversation.id);
      await waitFor(async () => (await latest(ids.at(-1)!, owner)).latestRun.status === 'DONE');
    }
    const LIST = `query ($first: Int, $after: String) { conversations(first: $first, after: $after) { nodes { id agent { id } createdAt updatedAt } pageInfo { endCursor hasNextPage } } }`;
    const first = (await server.gql(LIST, { first: 2 }, owner)).body.data.conversations;
    expect(first.nodes.map((c: any) => c.id)).toEqual([ids[2], ids[1]]);
    expect(first.nodes[0].agent.id).toBe(FRAME);
    expect(Date.parse(first.nodes[0].updatedAt)).toBeGreaterThanOrEqual(Date.parse(first.nodes[0].createdAt));
    expect(first.pageInfo.hasNextPage).toBe(true);
    const rest = (await server.gql(LIST, { first: 2, after: first.pageInfo.endCursor }, owner)).body.data.conversations;
    expect(rest).toEqual({
      nodes: [expect.objectContaining({ id: ids[0] })],
      pageInfo: { endCursor: expect.any(String), hasNextPage: false },
    });
    // Another account's list holds none of them.
    const theirs = (await server.gql(LIST, { first: 100 }, other)).body.data.conversations.nodes.map((c: any) => c.id);
    expect(theirs.filter((id: string) => ids.includes(id))).toEqual([]);
    const bad = await server.gql(LIST, { first: 0 }, owner);
    expect(bad.body.errors[0]).toMatchObject({ extensions: { code: 'UNPROCESSABLE' } });
    expect((await server.gql(LIST, { after: 'nonsense' }, owner)).body.errors[0].extensions.code).toBe(
      'VALIDATION_ERROR',
    );
  });

  it("keeps heartbeats off the account's request budget, within their own allowance", async () => {
    // Free: 10 requests a minute. A desktop beating every 20 s for 5 minutes sends 15 heartbeats.
    const free = (await server.key('free')).secret;
    const registered = await server.gql(
      REGISTER,
      { input: { machineId: 'ws-beats', name: 'beats', clientVersion: '0.1.0', lanes: [] } },
      free,
    );
    expect(registered.body.errors).toBeUndefined();
    const BEAT = `mutation { heartbeat(machineId: "ws-beats") { machineId } }`;
    for (let i = 0; i < 15; i++)
      expect((await server.gql(BEAT, {}, free)).body).toEqual({ data: { heartbeat: { machineId: 'ws-beats' } } });
    // The account's budget is untouched: 9 more requests pass (registerClient spent one), the 11th is refused.
    for (let i = 0; i < 9; i++) expect((await server.gql(`{ usage { usedUsd } }`, {}, free)).status).toBe(200);
    expect((await server.gql(`{ usage { usedUsd } }`, {}, free)).status).toBe(429);
    // Heartbeats have their own allowance (HEARTBEAT_RATE_PER_MIN, 30): past it they are refused too.
    const more = [];
    for (let i = 0; i < 16; i++) more.push((await server.gql(BEAT, {}, free)).status);
    expect(more).toEqual([...Array(15).fill(200), 429]);
  });

  it("keeps the bridge's answers off the account's request budget", async () => {
    // Free: 10 requests a minute. A long analysis answers more tool calls than that in a minute.
    const free = (await server.key('free')).secret;
    const ANSWER = `mutation { submitToolResult(input: {callId: "no-such-call", result: {}}) { status } }`;
    for (let i = 0; i < 15; i++) {
      const res = await server.gql(ANSWER, {}, free);
      expect(res.status).toBe(200);
      expect(res.body.errors[0].extensions.code).toBe('TOOL_CALL_NOT_FOUND');
    }
    // The account's budget is untouched: 10 requests pass, the 11th is refused.
    for (let i = 0; i < 10; i++) expect((await server.gql(`{ usage { usedUsd } }`, {}, free)).status).toBe(200);
    expect((await server.gql(`{ usage { usedUsd } }`, {}, free)).status).toBe(429);
    // And the bridge still answers while the account is over its budget.
    expect((await server.gql(ANSWER, {}, free)).body.errors[0].extensions.code).toBe('TOOL_CALL_NOT_FOUND');
  });

  it("hides another account's conversation, machine and calls", async () => {
    model.script({ content: 'Private.' });
    const sent = await send({ agentId: FRAME, content: 'Mine.' });
    const id = sent.data.sendMessage.conversation.id;
    expect((await server.gql(LATEST, { id }, other)).body.data.conversation).toBeNull();
    const foreign = await send({ conversationId: id, content: 'Theirs?' }, other);
    expect(foreign.errors[0].extensions.code).toBe('CONVERSATION_NOT_FOUND');
    const live = watch(id, other);
    await waitFor(async () => live.errors.length > 0);
    expect(live.errors[0].extensions.code).toBe('CONVERSATION_NOT_FOUND');
    const ack = await server.gql(
      `mutation { submitToolResult(input: {callId: "nope", result: {}}) { status } }`,
      {},
      other,
    );
    expect(ack.body.errors[0].extensions.code).toBe('TOOL_CALL_NOT_FOUND');
    const clients = await server.gql(`{ desktopClients { machineId } }`, {}, other);
    expect(clients.body.data.desktopClients).toEqual([]);
  });
});

describe('agent runs without a model', () => {
  it('refuses with AGENT_MODEL_NOT_CONFIGURED', async () => {
    const bare = await startTestServer();
    try {
      const k = (await bare.key('pro')).secret;
      const res = await bare.gql(SEND, { input: { agentId: FRAME, content: 'Hello' } }, k);
      expect(res.body.errors[0].extensions.code).toBe('AGENT_MODEL_NOT_CONFIGURED');
    } finally {
      await bare.stop();
    }
  });
});
