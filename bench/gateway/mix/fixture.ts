// The data the realistic mix reads, made through the public API the way users make it: accounts
// with two keys each, an indexed code, search jobs, a project of generated sheets, conversations in
// memory and spreadsheet jobs. Made once per run, through our gateway, before any measurement.
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '../../../core/db/client.ts';
import { createKeyStore } from '../../../core/auth/keys.ts';
import { defaultCorpus, generateCode } from '../../../eval/search/corpus/index.ts';
import { SET_NUMBERS, generateProjectSheet } from '../../../eval/projects/generator.ts';
import { ROOT } from '../processes.ts';
import { WORDS, seeded } from './random.ts';

export interface Account {
  id: string;
  keys: string[];
  searchJobs: string[];
  spreadsheetJobs: string[];
  projectId: string;
  memoryGroups: string[];
}

export interface Fixture {
  accounts: Account[];
  blogSlugs: string[];
  /** The code indexed for search (a generated code of the eval corpus under its catalogue id). */
  codeFileId: string;
}

const ACCOUNTS = 4;
const SHEETS = 6;
const SEARCH_JOBS = 8;
const SPREADSHEET_JOBS = 4;
const GROUPS = 3;
const MESSAGES_PER_GROUP = 60;

type Gql = (query: string, variables?: Record<string, unknown>, key?: string) => Promise<Record<string, any>>;

function client(url: string, defaultKey: string): Gql {
  return async (query, variables, key = defaultKey) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'apollo-require-preflight': 'true',
        authorization: `Bearer ${key}`,
      },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data?: Record<string, any>; errors?: unknown[] };
    if (!body.data || body.errors) throw new Error(`${query.slice(0, 60)}…: ${JSON.stringify(body.errors)}`);
    return body.data;
  };
}

/** A GraphQL multipart request (the upload spec) with one file as variable `file`. */
async function upload(
  url: string,
  key: string,
  query: string,
  variables: Record<string, unknown>,
  file: Uint8Array,
  name: string,
) {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query, variables: { ...variables, file: null } }));
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', new Blob([file as BlobPart], { type: 'application/pdf' }), name);
  const res = await fetch(url, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${key}`, 'apollo-require-preflight': 'true' },
  });
  const body = (await res.json()) as { data?: Record<string, any>; errors?: unknown[] };
  if (!body.data || body.errors) throw new Error(`${query.slice(0, 60)}…: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** How long the seeding waits for its jobs: on a shared machine (load 38) a sheet's ingestion took over two minutes. */
const JOBS_WAIT_MS = 20 * 60_000;

async function finished(gql: Gql, key: string, ids: string[]) {
  const until = Date.now() + JOBS_WAIT_MS;
  for (const id of ids) {
    for (;;) {
      const { job } = await gql('query($id: ID!) { job(id: $id) { status error { message } } }', { id }, key);
      if (job.status === 'COMPLETED') break;
      if (job.status === 'FAILED') throw new Error(`job ${id} failed: ${job.error?.message}`);
      if (Date.now() > until) throw new Error(`job ${id} did not finish in ${JOBS_WAIT_MS / 60_000} minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/** Sentences of the kinds an engineer's conversation holds, which the default extractor turns into facts. */
function messages(rng: () => number, group: number) {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rng() * xs.length)]!;
  const sizes = ['W12x26', 'W14x30', 'W16x40', 'W18x35', 'HSS6x6x3/8', 'W10x33'];
  const templates = [
    () =>
      `Beam B${Math.floor(rng() * 40)} at grid ${pick('ABCDEF'.split(''))}-${1 + Math.floor(rng() * 8)} uses a ${pick(sizes)} per AISC 360-16.`,
    () =>
      `The level ${1 + Math.floor(rng() * 6)} slab is ${150 + 25 * Math.floor(rng() * 6)} mm thick with ${pick(['No. 4', 'No. 5', '15M'])} bars.`,
    () =>
      `Column C${Math.floor(rng() * 30)} supports the ${pick(WORDS)} ${pick(WORDS)} and carries ${100 + Math.floor(rng() * 900)} kN.`,
    () =>
      `We checked the ${pick(WORDS)} ${pick(WORDS)} against ASCE 7-22 and the drift ratio is ${(0.5 + rng() * 1.5).toFixed(2)} percent.`,
  ];
  return Array.from({ length: MESSAGES_PER_GROUP }, (_, i) => ({
    content: pick(templates)(),
    roleType: i % 2 ? 'assistant' : 'user',
    role: i % 2 ? 'Assistant' : `Engineer ${group}`,
    timestamp: new Date(Date.UTC(2026, 5, 1) + i * 60_000).toISOString(),
  }));
}

function blogSlugs(): string[] {
  const dir = path.join(ROOT, 'subgraphs/content/data/blog');
  return fs
    .readdirSync(dir)
    .flatMap((f) => fs.readFileSync(path.join(dir, f), 'utf8').match(/^slug:\s*(\S+)/m)?.[1] ?? []);
}

async function seedAccount(url: string, gql: Gql, key: string, codeFileId: string, sheets: Uint8Array[], a: number) {
  const rng = seeded(1000 + a);
  const searchJobs: string[] = [];
  for (let i = 0; i < SEARCH_JOBS; i++) {
    const query = Array.from({ length: 3 }, () => WORDS[Math.floor(rng() * WORDS.length)]).join(' ');
    searchJobs.push(
      (
        await gql(
          'mutation($input: SearchJobInput!) { createSearchJob(input: $input) { id } }',
          { input: { query, fileIds: [codeFileId], perPage: 10 } },
          key,
        )
      ).createSearchJob.id,
    );
  }
  const spreadsheetJobs: string[] = [];
  for (let i = 0; i < SPREADSHEET_JOBS; i++) {
    const rows = Array.from({ length: 20 }, (_, r) => [`L${r + 1}`, Math.round(rng() * 500), Math.round(rng() * 90)]);
    const input = {
      workbookName: `loads-${a}-${i}`,
      sheets: [
        {
          name: 'Loads',
          blocks: [
            { type: 'header', content: 'Floor loads' },
            { type: 'data_table', name: 'Loads', headers: ['Level', 'Force', 'Moment'], rows },
            { type: 'formula', label: 'Total', expression: '=SUM(Loads[Force])' },
          ],
        },
      ],
    };
    spreadsheetJobs.push(
      (
        await gql(
          'mutation($input: CreateSpreadsheetInput!) { createSpreadsheet(input: $input) { id } }',
          { input },
          key,
        )
      ).createSpreadsheet.id,
    );
  }
  const projectId = (
    await gql(
      'mutation($input: CreateProjectInput!) { createProject(input: $input) { id } }',
      { input: { name: `Tower ${a}`, description: 'Bench project' } },
      key,
    )
  ).createProject.id as string;
  const sheetJobs: string[] = [];
  for (const [i, pdf] of sheets.entries()) {
    const added = await upload(
      url,
      key,
      'mutation($projectId: ID!, $file: Upload) { addProjectSheets(projectId: $projectId, file: $file, pages: "1") { jobs { job { id } } } }',
      { projectId },
      pdf,
      `sheet-${i}.pdf`,
    );
    sheetJobs.push(...added.addProjectSheets.jobs.map((j: { job: { id: string } }) => j.job.id));
  }
  const memoryGroups = Array.from({ length: GROUPS }, (_, g) => `bench-${a}-${g}`);
  const memoryJobs: string[] = [];
  for (const [g, groupId] of memoryGroups.entries()) {
    memoryJobs.push(
      (
        await gql(
          'mutation($groupId: String!, $messages: [MessageInput!]!) { addMessages(groupId: $groupId, messages: $messages) { jobId } }',
          { groupId, messages: messages(rng, g) },
          key,
        )
      ).addMessages.jobId,
    );
  }
  await finished(gql, key, [...searchJobs, ...spreadsheetJobs, ...sheetJobs, ...memoryJobs]);
  return { searchJobs, spreadsheetJobs, projectId, memoryGroups };
}

/** Makes the fixture through the gateway at `url` (its database at `databaseUrl` for the keys). */
export async function seedFixture(url: string, databaseUrl: string): Promise<Fixture> {
  const db = await openDatabase({ url: databaseUrl });
  const keys = createKeyStore(db);
  const admin = (await keys.create({ name: 'bench admin', tier: 'enterprise', admin: true })).secret;
  const owners: { id: string; keys: string[] }[] = [];
  for (let a = 0; a < ACCOUNTS; a++) {
    const first = await keys.create({ name: `bench ${a} web`, tier: 'enterprise' });
    const second = await keys.create({ name: `bench ${a} agent`, tier: 'enterprise', accountId: first.key.accountId });
    owners.push({ id: first.key.accountId, keys: [first.secret, second.secret] });
  }
  await db.$disconnect();

  const gql = client(url, admin);
  const spec = defaultCorpus()[0]!;
  const code = await generateCode(spec);
  await upload(
    url,
    admin,
    'mutation($fileId: ID!, $file: Upload!) { ingestCode(fileId: $fileId, file: $file) { pages } }',
    { fileId: spec.fileId },
    code.pdf,
    `${spec.fileId}.pdf`,
  );
  const sheets = await Promise.all(
    SET_NUMBERS.slice(0, SHEETS).map(async (n, i) => (await generateProjectSheet(n, i)).pdf),
  );

  const accounts: Account[] = [];
  for (const [a, owner] of owners.entries())
    accounts.push({ ...owner, ...(await seedAccount(url, gql, owner.keys[0]!, spec.fileId, sheets, a)) });
  return { accounts, blogSlugs: blogSlugs(), codeFileId: spec.fileId };
}
