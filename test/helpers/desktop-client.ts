// A scripted desktop client over the real bridge: registers over HTTP, holds a toolCalls
// subscription over graphql-ws (its connection) and answers each call with what the test's
// handler returns. disconnect() closes the socket as a dropped link would; connect() comes back.
import type { Client } from 'graphql-ws';
import type { TestServer } from './server.ts';
import { wsClient } from './ws.ts';

export interface DeliveredCall {
  callId: string;
  program: string;
  tool: string;
  arguments: any;
  delivery: number;
  deadlineAt: string;
}

export type Answer = { result: unknown } | { error: { code: string; message: string } } | 'ignore';

export const REGISTER = `mutation ($input: RegisterClientInput!) { registerClient(input: $input) { machineId connected lanes { program state tools } } }`;
export const SUBMIT = `mutation ($input: ToolResultInput!) { submitToolResult(input: $input) { callId status } }`;

export async function startDesktop(
  server: TestServer,
  key: string,
  options: { machineId: string; onCall: (call: DeliveredCall) => Answer | Promise<Answer> },
) {
  const calls: DeliveredCall[] = [];
  const acks: { callId: string; status: string }[] = [];
  /** Submissions the platform refused (the error's text). */
  const rejected: string[] = [];
  const registered = await server.gql(
    REGISTER,
    {
      input: {
        machineId: options.machineId,
        name: 'test workstation',
        clientVersion: '0.1.0',
        lanes: [
          { program: 'SAP2000', versions: ['26.0.0', '24.1.0'], activeVersion: '26.0.0', state: 'READY' },
          { program: 'MATHCAD', versions: [], state: 'NOT_INSTALLED' },
        ],
      },
    },
    key,
  );
  if (registered.body.errors) throw new Error(JSON.stringify(registered.body.errors));
  let client: Client | null = null;
  const submit = async (callId: string, answer: Exclude<Answer, 'ignore'>) => {
    const res = await server.gql(SUBMIT, { input: { callId, ...answer } }, key);
    if (res.body.errors) throw new Error(JSON.stringify(res.body.errors));
    acks.push(res.body.data.submitToolResult);
    return res.body.data.submitToolResult as { callId: string; status: string };
  };
  const desktop = {
    calls,
    acks,
    rejected,
    submit,
    /** Opens the connection; resolves once the first message (or nothing) could arrive. */
    connect() {
      client = wsClient(server.url, key);
      client.subscribe(
        {
          query: `subscription ($m: ID!) { toolCalls(machineId: $m) { callId program tool arguments delivery deadlineAt } }`,
          variables: { m: options.machineId },
        },
        {
          next: (msg) => {
            const call = (msg.data as { toolCalls: DeliveredCall }).toolCalls;
            calls.push(call);
            void (async () => {
              const answer = await options.onCall(call);
              if (answer !== 'ignore') await submit(call.callId, answer).catch((err) => rejected.push(String(err)));
            })();
          },
          error: () => undefined,
          complete: () => undefined,
        },
      );
      return new Promise<void>((resolve) => client!.on('connected', () => setTimeout(resolve, 50)));
    },
    async disconnect() {
      await client?.dispose();
      client = null;
    },
  };
  await desktop.connect();
  return desktop;
}
