// The platform's own tools in an agent run, end to end: the real platform, a scripted
// chat-completions server, a code in the library and an uploaded drawing. The model calls code
// search and a drawing analysis and answers with their results; bad arguments and domain errors
// come back to the model as tool errors; priced work is metered and counts toward the credits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, waitFor, type TestServer } from '../helpers/server.ts';
import { modelEnv, startModelServer, type ModelServer } from '../helpers/model-server.ts';
import { codePdf } from '../helpers/code-pdf.ts';
import { fixture } from '../helpers/samples.ts';
import { ingestCode } from '../../subgraphs/content/search/ingest.ts';
import { passageIndexFor } from '../../subgraphs/content/search/index-for.ts';
import { createLocalEmbedder } from '../../core/embedding/embed.ts';
import { extractCodeText } from '../../subgraphs/content/search/extract-text.ts';

const SEND = `mutation ($input: SendMessageInput!) { sendMessage(input: $input) { conversation { id } run { id } } }`;
const RUN = `query ($id: ID!) { conversation(id: $id) { latestRun { status reasonCode steps toolCalls costUsd promptTokens completionTokens } } }`;
const USAGE = `{ usage { usedUsd platformWork { kind units unitPriceUsd costUsd } } }`;
const FRAME = 'frame-analysis-sap2000';
const SAMPLE = fixture('drawings/va-stcloud-bldg28-AF101-AF600.pdf');

let server: TestServer;
let model: ModelServer;

beforeAll(async () => {
  model = await startModelServer();
  server = await startTestServer({
    ...modelEnv(model),
    FREE_AGENT_CREDITS_USD: '0.01',
    // turn() polls the run: under load a turn outlasts the tiers' request budgets.
    FREE_RATE_PER_MIN: '10000',
    PRO_RATE_PER_MIN: '10000',
    AGENT_PRICE_IN_PER_MTOK: '2.5',
    AGENT_PRICE_OUT_PER_MTOK: '10',
  });
  const deps = {
    db: server.platform.db,
    index: passageIndexFor(server.platform.db),
    embedder: createLocalEmbedder(),
    extract: (b: Uint8Array) => extractCodeText(b),
  };
  await ingestCode(
    deps,
    'aci-318-19',
    await codePdf([
      [
        '22.5.1.1 Nominal one-way shear strength',
        'The nominal shear strength shall be the sum of the concrete and steel contributions.',
      ],
      [
        '25.4.2.1 Development of deformed bars',
        'Deformed bars in tension shall be developed over the length given in the table.',
      ],
    ]),
  );
});

afterAll(async () => {
  await server?.stop();
  await model?.close();
});

/** Sends a message and waits for its run to end; answers the run and the model's requests of it. */
async function turn(key: string, content: string) {
  const before = model.requests.length;
  const sent = await server.gql(SEND, { input: { agentId: FRAME, content } }, key);
  expect(sent.body.errors).toBeUndefined();
  const id = sent.body.data.sendMessage.conversation.id;
  const run = await waitFor(async () => {
    const r = (await server.gql(RUN, { id }, key)).body.data.conversation.latestRun;
    return ['DONE', 'INTERRUPTED'].includes(r.status) && r;
  }, 25_000);
  return { run, requests: model.requests.slice(before) };
}

/** The tool messages the model was sent in a request, parsed, by tool call id order. */
const toolResults = (request: { messages: any[] }) =>
  request.messages.filter((m) => m.role === 'tool').map((m) => JSON.parse(m.content));

describe("the platform's own tools", () => {
  it('offers them to the model with JSON schemas beside the desktop tools', async () => {
    const agents = (await server.gql(`{ agents { id tools } }`, {}, (await server.key('pro')).secret)).body.data.agents;
    for (const a of agents)
      expect(a.tools).toEqual(
        expect.arrayContaining([
          'search_codes',
          'analyze_drawing',
          'create_calculation_document',
          'create_spreadsheet',
          'search_memory',
          'add_memory',
          'search_project',
          'add_project_sheets',
        ]),
      );
  });

  it('runs code search and a drawing analysis for the model, answers with their results and meters them', async () => {
    const { secret: key } = await server.key('pro');
    const form = new FormData();
    form.append('page', '1');
    form.append('file', new Blob([SAMPLE as unknown as BlobPart], { type: 'application/pdf' }), 'AF101.pdf');
    const uploaded = await (await server.rest('/v1/drawings', { method: 'POST', body: form, key })).json();
    expect(uploaded.file_hash).toMatch(/^[0-9a-f]{64}$/);

    model.script(
      {
        toolCalls: [
          { name: 'search_codes', arguments: { query: 'nominal shear strength of concrete', per_page: 3 } },
          { name: 'analyze_drawing', arguments: { file_hash: uploaded.file_hash, page: 1 } },
        ],
        usage: { prompt: 1000, completion: 100 },
      },
      {
        content: 'ACI 318-19 22.5.1.1 gives the shear strength; the sheet is read.',
        usage: { prompt: 2000, completion: 50 },
      },
    );
    const { run, requests } = await turn(key, 'What does ACI say about shear, and what is on my sheet?');
    expect(run).toMatchObject({ status: 'DONE', steps: 1, toolCalls: 2 });

    // The model was given the platform tools' schemas, then both results as tool messages.
    const search = requests[0]!.tools!.find((t: any) => t.function.name === 'search_codes');
    expect(search.function.parameters).toMatchObject({
      type: 'object',
      required: ['query'],
      properties: { query: { type: 'string' } },
    });
    const [found, drawing] = toolResults(requests[1]!);
    expect(found.job_id).toBeTruthy();
    expect(found.matches[0]).toMatchObject({
      file_id: 'aci-318-19',
      page_number: 1,
      context: '22.5.1.1 Nominal one-way shear strength',
    });
    expect(found.matches[0].snippet).toContain('<mark>shear</mark>');
    expect(drawing).toMatchObject({ drawing_id: uploaded.id, page: 1, sheet_number: uploaded.titleblock.sheet_number });
    expect(drawing.section_tags).toHaveLength(uploaded.annotations.section_tags.length);
    expect(drawing.leaders).toHaveLength(uploaded.annotations.leaders.length);

    // One search query (0.005 USD) and one drawing page (0.02 USD), on top of the tokens' cost.
    const tokens = (3000 * 2.5 + 150 * 10) / 1e6;
    expect(run.costUsd).toBeCloseTo(tokens + 0.025, 9);
    const usage = (await server.gql(USAGE, {}, key)).body.data.usage;
    expect(usage.usedUsd).toBeCloseTo(tokens + 0.025, 9);
    expect(usage.platformWork).toEqual([
      { kind: 'DRAWING_PAGE', units: 1, unitPriceUsd: 0.02, costUsd: 0.02 },
      { kind: 'SEARCH_QUERY', units: 1, unitPriceUsd: 0.005, costUsd: 0.005 },
    ]);
  });

  it('answers bad arguments and domain errors to the model as tool errors, and runs a document job it waits for', async () => {
    const { secret: key } = await server.key('pro');
    model.script(
      {
        toolCalls: [
          { name: 'search_codes', arguments: { query: 42 } },
          { name: 'analyze_drawing', arguments: { file_hash: 'f'.repeat(64), page: 1 } },
          {
            name: 'create_calculation_document',
            arguments: {
              document_name: 'Beam B3',
              elements: [
                { type: 'variable', name: 'w', value: 12, unit: 'kN/m' },
                { type: 'variable', name: 'L', value: 6, unit: 'm' },
                { type: 'formula', expression: 'M = w*L^2/8', result_unit: 'kN*m' },
              ],
            },
          },
          {
            name: 'create_calculation_document',
            arguments: { document_name: 'Broken', elements: [{ type: 'formula', expression: 'M = (w*' }] },
          },
        ],
      },
      { content: 'The moment is 54 kN·m; two calls failed and I said so.' },
    );
    const { run, requests } = await turn(key, 'Compute the moment of a 6 m beam under 12 kN/m.');
    expect(run).toMatchObject({ status: 'DONE', toolCalls: 4 });
    const [badArgs, noFile, document, badFormula] = toolResults(requests[1]!);
    expect(badArgs.error).toMatchObject({ code: 'INVALID_ARGUMENTS' });
    expect(badArgs.error.message).toMatch(/^query: /);
    expect(noFile.error).toMatchObject({ code: 'FILE_NOT_FOUND' });
    expect(document).toMatchObject({ file_type: 'mcdx', element_count: 3 });
    expect(document.file_url).toContain('/files/');
    expect(document.results).toEqual([expect.objectContaining({ name: 'M', value: 54, unit: 'kN*m' })]);
    expect(badFormula.error).toMatchObject({ code: 'FORMULA_PARSE_ERROR' });
    // Failed work is not charged; documents have no price.
    expect((await server.gql(USAGE, {}, key)).body.data.usage.platformWork).toEqual([]);
  });

  it('counts priced work toward the credits: a run past the limit stops OUT_OF_CREDITS', async () => {
    // Free: 0.01 USD. Two searches (0.01 USD) pass it, so the next model call is refused.
    const { secret: key } = await server.key('free');
    model.script({
      toolCalls: [
        { name: 'search_codes', arguments: { query: 'shear' } },
        { name: 'search_codes', arguments: { query: 'development length' } },
      ],
    });
    const { run } = await turn(key, 'Search twice.');
    expect(run).toMatchObject({ status: 'INTERRUPTED', reasonCode: 'OUT_OF_CREDITS', steps: 1 });
    const usage = (await server.gql(USAGE, {}, key)).body.data.usage;
    expect(usage.platformWork).toEqual([{ kind: 'SEARCH_QUERY', units: 2, unitPriceUsd: 0.005, costUsd: 0.01 }]);
    expect(usage.usedUsd).toBeGreaterThanOrEqual(0.01);
  });
});
