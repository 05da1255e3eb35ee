// Stop, history and the user's standards, end to end: the real platform, the scripted model
// server and a scripted desktop over real graphql-ws. cancelRun stops a run at its next safe
// point (the program sees at most the call it had), conversations are titled, renamed and
// searched, and the design standard and formatting standards reach the model's instructions.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Client } from 'graphql-ws';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { wsClient } from '../helpers/ws.ts';
import { gate, modelEnv, startModelServer, type ModelServer } from '../helpers/model-server.ts';
import { startDesktop, type DeliveredCall } from '../helpers/desktop-client.ts';

const SEND = `mutation ($input: SendMessageInput!) { sendMessage(input: $input) { conversation { id title } disposition run { id status } } }`;
const CANCEL = `mutation ($c: ID!) { cancelRun(conversationId: $c) { id status } }`;
const LATEST = `query ($id: ID!) { conversation(id: $id) { id title latestRun { status steps reasonCode } messages(last: 50) { role content toolCallId } } }`;
const EVENTS = `subscription ($c: ID!) { runEvents(conversationId: $c) { type status step pauseStep reasonCode toolCall { callId name errorCode } } }`;
const FRAME = 'frame-analysis-sap2000';
const RUN_RESULT = { cases: ['DEAD'], equations: 6, elapsed_ms: 1.5 };

let server: TestServer;
let model: ModelServer;
let key: string;
const sockets: Client[] = [];
const desktops: { disconnect(): Promise<void> }[] = [];

function watch(conversationId: string) {
  const events: any[] = [];
  const client = wsClient(server.url, key);
  sockets.push(client);
  client.subscribe(
    { query: EVENTS, variables: { c: conversationId } },
    { next: (m) => void (m.data && events.push(m.data.runEvents)), error: () => undefined, complete: () => undefined },
  );
  return { events, until: (pred: (e: any) => boolean) => waitFor(async () => events.some(pred) && events, 15_000) };
}

const send = async (input: Record<string, unknown>) => (await server.gql(SEND, { input }, key)).body;
const latest = async (id: string) => (await server.gql(LATEST, { id }, key)).body.data.conversation;

beforeAll(async () => {
  model = await startModelServer();
  server = await startTestServer({
    ...modelEnv(model),
    AGENT_TOOL_TIMEOUT_MS: '10000',
    AGENT_DESKTOP_WAIT_MS: '10000',
    PRO_RATE_PER_MIN: '1000',
  });
  key = (await server.key('pro')).secret;
});

afterEach(async () => {
  await Promise.all(desktops.splice(0).map((d) => d.disconnect()));
  // Each test's runs take every answer it scripted: one left over would answer the next test's run.
  expect(model.unused()).toBe(0);
});

afterAll(async () => {
  await Promise.all(sockets.map((s) => s.dispose()));
  await server?.stop();
  await model?.close();
});

describe('cancelRun', () => {
  it("lets the call on the desktop complete, never sends the step's other calls, and ends the run STOPPED", async () => {
    const onDesktop = gate();
    const release = gate();
    const desktop = await startDesktop(server, key, {
      machineId: 'stop-mid-call',
      onCall: async () => {
        onDesktop.open();
        await release.promise;
        return { result: RUN_RESULT };
      },
    });
    desktops.push(desktop);
    // One step asking for three calls: Stop comes while the first runs on the desktop.
    model.script({ toolCalls: [1, 2, 3].map(() => ({ name: 'sap2000_run_analysis', arguments: {} })) });
    const requestsBefore = model.requests.length;
    const sent = await send({ agentId: FRAME, content: 'Analyse it three times.' });
    const id = sent.data.sendMessage.conversation.id;
    const live = watch(id);
    await onDesktop.promise;
    const cancelled = await server.gql(CANCEL, { c: id }, key);
    expect(cancelled.body.errors).toBeUndefined();
    // Still working: the call on the desktop completes first.
    expect(cancelled.body.data.cancelRun.status).toBe('CALLING_TOOL');
    release.open();
    await live.until((e) => e.status === 'STOPPED');

    expect(desktop.calls.map((c: DeliveredCall) => c.tool)).toEqual(['run_analysis']);
    expect(model.requests.length).toBe(requestsBefore + 1);
    const conversation = await latest(id);
    expect(conversation.latestRun).toMatchObject({ status: 'STOPPED', reasonCode: 'STOPPED_BY_USER' });
    const tools = conversation.messages.filter((m: any) => m.role === 'TOOL').map((m: any) => JSON.parse(m.content));
    expect(tools[0]).toEqual(RUN_RESULT);
    expect(tools.slice(1).map((t: any) => t.error.code)).toEqual(['CANCELLED', 'CANCELLED']);
    // A stopped run is not running: Stop again is a conflict, and the conversation goes on.
    expect((await server.gql(CANCEL, { c: id }, key)).body.errors[0].extensions.code).toBe('RUN_STATE_CONFLICT');
    model.script({ content: 'Next turn.' });
    expect((await send({ conversationId: id, content: 'Go on.' })).data.sendMessage.disposition).toBe('STARTED');
    await live.until((e) => e.status === 'DONE');
  });

  it('abandons the model call in flight (nothing reaches the program)', async () => {
    const desktop = await startDesktop(server, key, {
      machineId: 'stop-thinking',
      onCall: () => ({ result: RUN_RESULT }),
    });
    desktops.push(desktop);
    const never = gate();
    model.script({ hold: never.promise, toolCalls: [{ name: 'sap2000_run_analysis', arguments: {} }] });
    const before = model.requests.length;
    const sent = await send({ agentId: FRAME, content: 'Think about it.' });
    const id = sent.data.sendMessage.conversation.id;
    const live = watch(id);
    // Stop only once the request reached the model: the run is THINKING before it is sent, and a
    // Stop before that leaves the held answer in the script for the next test's run to take.
    await waitFor(async () => (await latest(id)).latestRun?.status === 'THINKING' && model.requests.length > before);
    await server.gql(CANCEL, { c: id }, key);
    await live.until((e) => e.status === 'STOPPED');
    never.open();
    expect(desktop.calls).toEqual([]);
  });

  it('stops a call that waits for a desktop before any program sees it', async () => {
    model.script({ toolCalls: [{ name: 'sap2000_run_analysis', arguments: {} }] });
    const sent = await send({ agentId: FRAME, content: 'Nobody is connected.' });
    const id = sent.data.sendMessage.conversation.id;
    const live = watch(id);
    await live.until((e) => e.status === 'WAITING_FOR_DESKTOP');
    await server.gql(CANCEL, { c: id }, key);
    const events = await live.until((e) => e.status === 'STOPPED');
    expect(events.find((e: any) => e.type === 'TOOL_RESULT')?.toolCall.errorCode).toBe('CANCELLED');
  });

  it('stops a paused run at once', async () => {
    const desktop = await startDesktop(server, key, {
      machineId: 'stop-paused',
      onCall: () => ({ result: RUN_RESULT }),
    });
    desktops.push(desktop);
    model.script({ toolCalls: [{ name: 'sap2000_run_analysis', arguments: {} }] });
    const sent = await send({ agentId: FRAME, content: 'One step only.', stepLimit: 1 });
    const id = sent.data.sendMessage.conversation.id;
    const live = watch(id);
    await live.until((e) => e.status === 'PAUSED');
    const stopped = await server.gql(CANCEL, { c: id }, key);
    expect(stopped.body.data.cancelRun.status).toBe('STOPPED');
    expect((await latest(id)).latestRun.status).toBe('STOPPED');
  });
});

describe('the step counter', () => {
  it('counts toward the next pause right across Resume (step 2 of 2, never 2 of 1)', async () => {
    const desktop = await startDesktop(server, key, { machineId: 'steps', onCall: () => ({ result: RUN_RESULT }) });
    desktops.push(desktop);
    model.script(
      { toolCalls: [{ name: 'sap2000_run_analysis', arguments: {} }] },
      { toolCalls: [{ name: 'sap2000_run_analysis', arguments: {} }] },
    );
    const sent = await send({ agentId: FRAME, content: 'Two steps, one at a time.', stepLimit: 1 });
    const id = sent.data.sendMessage.conversation.id;
    const live = watch(id);
    const paused = (await live.until((e) => e.status === 'PAUSED')).find((e: any) => e.status === 'PAUSED');
    expect(paused).toMatchObject({ step: 1, pauseStep: 1 });
    await server.gql(`mutation ($c: ID!) { resumeRun(conversationId: $c) { status } }`, { c: id }, key);
    const events = await live.until((e) => e.status === 'PAUSED' && e.step === 2);
    for (const e of events) expect(e.step).toBeLessThanOrEqual(e.pauseStep);
    expect(events.at(-1)).toMatchObject({ step: 2, pauseStep: 2 });
  });
});

describe('conversation history', () => {
  it('titles a conversation from its first line, renames it and finds it by its title', async () => {
    model.script({ content: 'Done.' });
    const sent = await send({
      agentId: FRAME,
      content: 'Check the Ünterzug B12 for the new plant load\nIt is a 7.2 m span.',
    });
    const id = sent.data.sendMessage.conversation.id;
    expect(sent.data.sendMessage.conversation.title).toBe('Check the Ünterzug B12 for the new plant load');
    // Waits for any end, then names it: a run INTERRUPTED says so (with its reasonCode) instead of a timeout.
    const ended = await waitFor(async () => {
      const run = (await latest(id)).latestRun;
      return ['DONE', 'INTERRUPTED', 'STOPPED', 'PAUSED'].includes(run?.status) && run;
    }, 30_000);
    expect({ status: ended.status, reasonCode: ended.reasonCode }).toEqual({ status: 'DONE', reasonCode: null });
    const renamed = await server.gql(
      `mutation ($c: ID!, $t: String!) { renameConversation(conversationId: $c, title: $t) { id title } }`,
      { c: id, t: '  Transfer beam B12  ' },
      key,
    );
    expect(renamed.body.data.renameConversation.title).toBe('Transfer beam B12');
    const list = async (search: string) =>
      (
        await server.gql(
          `query ($s: String) { conversations(first: 10, search: $s) { nodes { id title } } }`,
          { s: search },
          key,
        )
      ).body.data.conversations.nodes;
    expect((await list('TRANSFER beam')).map((c: any) => c.id)).toEqual([id]);
    expect(await list('no such title anywhere')).toEqual([]);
    const empty = await server.gql(
      `mutation ($c: ID!) { renameConversation(conversationId: $c, title: "   ") { id } }`,
      { c: id },
      key,
    );
    expect(empty.body.errors[0].message).toContain('title');
  });
});

describe("the user's standards in the agent's instructions", () => {
  it('adds the design standard and the formatting standards to the system message', async () => {
    model.script({ content: 'Noted.' });
    const before = model.requests.length;
    const sent = await send({
      agentId: FRAME,
      content: 'Which code do we use?',
      instructions: { designStandard: 'eurocode', formattingStandards: 'Round forces to 0.1 kN. Number every check.' },
    });
    expect(sent.errors).toBeUndefined();
    await waitFor(async () => model.requests.length > before);
    const system = model.requests.at(-1)!.messages[0];
    expect(system.role).toBe('system');
    expect(system.content).toContain('the Eurocodes: EN 1990');
    expect(system.content).toContain('Round forces to 0.1 kN. Number every check.');
    // Without them the agent's own instructions stand alone.
    model.script({ content: 'Plain.' });
    const plainBefore = model.requests.length;
    await send({ agentId: FRAME, content: 'And now?' });
    await waitFor(async () => model.requests.length > plainBefore);
    expect(model.requests.at(-1)!.messages[0].content).not.toContain('Design standard');
  });

  it('refuses an unknown design standard, naming the field', async () => {
    const sent = await send({ agentId: FRAME, content: 'Hi', instructions: { designStandard: 'mars' } });
    expect(sent.errors[0].message).toContain('instructions.designStandard');
  });
});
