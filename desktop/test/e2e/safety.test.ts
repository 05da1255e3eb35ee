// Safety the engineer sees, end to end: the real platform, a scripted model, the desktop app on
// the stand-in and its UI in headless Chromium. The agent builds and saves a portal frame, then
// wants to delete its roof beams: the change preview shows what goes, the engineer declines and
// the agent is told DECLINED with nothing changed; asked again and approved, the beams go; the
// save that writes over the file shows the backup kept; the audit log of the conversation
// exports as CSV and JSON lines with every call, its approval and outcome. Screenshots go to
// SCREENSHOT_DIR (default: a temporary folder, printed): 25-change-preview, 26-save-over-dark,
// 27-audit-export.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer, waitFor, type TestServer } from '../../../test/helpers/server.ts';
import { modelEnv, startModelServer, type ModelRequest, type ModelServer } from '../../../test/helpers/model-server.ts';
import { DesktopApp } from '../../src/app.ts';
import { startUiServer, type UiServer } from '../../src/ui/server.ts';
import { fakeHost, PF } from '../helpers/fake-host.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveChromium = fs.existsSync(CHROMIUM);
if (!haveChromium)
  console.warn(`[skip] ${CHROMIUM} is absent: the safety end-to-end test needs it (apt-get install chromium)`);
const SHOTS = process.env.SCREENSHOT_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'desktop-safety-screens-'));

const machine = fakeHost([`${PF}\\Computers and Structures\\SAP2000 26\\SAP2000.exe`], {});

let server: TestServer;
let model: ModelServer;
let browser: Browser;
let page: Page;
let app: DesktopApp;
let ui: UiServer;
let home: string;

const tool = (name: string, args: unknown) => ({ name: `sap2000_${name}`, arguments: args });
/** The last tool result the model was sent. */
const lastResult = (r: ModelRequest) => JSON.parse(r.messages.filter((m) => m.role === 'tool').at(-1)!.content);
/** The frames the portal template made (from new_model's result), the roof beams last. */
const created = (r: ModelRequest): string[] =>
  r.messages
    .filter((m) => m.role === 'tool')
    .map((m) => JSON.parse(m.content))
    .find((x) => x.created_frames)!.created_frames;
const roofBeams = (r: ModelRequest) => created(r).slice(-2);

const shot = async (name: string) => {
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
};
const send = async (text: string) => {
  await page.getByLabel('Message').fill(text);
  await page.getByLabel('Message').press('Enter');
};
const preview = () => page.getByRole('alertdialog', { name: 'Change preview' });

beforeAll(async () => {
  if (!haveChromium) return;
  model = await startModelServer();
  server = await startTestServer({ ...modelEnv(model), POLLING_RATE_PER_MIN: '100000', PRO_RATE_PER_MIN: '1000' });
  const key = (await server.key('pro')).secret;
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'desktop-safety-'));
  // Signed in already: an account key is accepted wherever an access token is.
  fs.mkdirSync(path.join(home, 'data'), { recursive: true, mode: 0o700 });
  fs.writeFileSync(
    path.join(home, 'data', 'tokens.json'),
    JSON.stringify({
      access_token: key,
      refresh_token: 'unused',
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
    }),
    { mode: 0o600 },
  );
  app = new DesktopApp({
    platformUrl: server.url,
    paths: { config: path.join(home, 'config'), logs: path.join(home, 'state', 'logs'), data: path.join(home, 'data') },
    version: '0.1.0',
    machineName: 'safety workstation',
    detectionHost: machine,
    keychain: null,
    openBrowser: () => undefined,
    autoStartMs: 200,
    backoffMs: 200,
  });
  expect(await app.start()).toBeNull();
  ui = await startUiServer(app);
  await app.publishUrl(ui.launchUrl);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(ui.launchUrl);
  await waitFor(async () => (await page.locator('button.pill').textContent()) === 'Connected', 30_000);
  console.log(`[safety e2e] screenshots in ${SHOTS}`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await ui?.close();
  await app?.shutdown().catch(() => undefined);
  await model?.close();
  await server?.stop();
  if (home) fs.rmSync(home, { recursive: true, force: true });
});

// Each step waits on the platform, the model, the stand-in and Chromium: 10 s when the machine is
// quiet, over 30 s at a load average of 44 on 2 cores. The limit is for a hang.
describe.skipIf(!haveChromium).sequential('safety in the desktop client', { timeout: 180_000 }, () => {
  let saved: string;
  /** The conversation's working folder (the model's folder), from the backup the guard kept. */
  let folder: string;

  it('a delete waits for the engineer: the change preview lists it, Decline answers DECLINED and nothing changes', async () => {
    model.script(
      {
        toolCalls: [
          tool('new_model', {
            units: 'kN_m_C',
            dimension: '2d',
            template: { kind: 'portal_frame', stories: 2, story_height: 3.5, bays: 2, bay_width: 6 },
            default_section: 'HEB300',
          }),
        ],
      },
      {
        toolCalls: [
          tool('define_material', { name: 'S355', e: 2.1e8, kind: 'steel', fy: 355_000, fu: 510_000 }),
          tool('define_section', {
            name: 'HEB300',
            material: 'S355',
            section: {
              shape: 'i_section',
              depth: 0.3,
              flange_width: 0.3,
              flange_thickness: 0.019,
              web_thickness: 0.011,
            },
          }),
        ],
      },
      {
        toolCalls: [
          tool('assign_loads', {
            pattern: 'D',
            loads: [{ type: 'frame_distributed', frame: '1', direction: 'gravity', value: 5 }],
          }),
          tool('save_model', { path: 'portal.json' }),
        ],
      },
      (r) => ({
        reasoning: 'The roof beams go, as asked.',
        toolCalls: [tool('delete_objects', { frames: roofBeams(r) })],
      }),
      (r) => ({
        content:
          lastResult(r).error?.code === 'DECLINED'
            ? 'You declined deleting the roof beams in the desktop client, so the model is unchanged. Tell me if you want them deleted after all.'
            : 'The roof beams are deleted.',
      }),
    );
    await page.getByLabel('Agent').selectOption('frame-analysis-sap2000');
    await send('Model a 2-storey, 2-bay portal in HEB300, save it as portal.json, then delete the roof beams.');
    await preview().waitFor({ timeout: 30_000 });
    const backup = app.approvals.current[0]!.backup!;
    folder = path.dirname(path.dirname(path.dirname(backup)));
    expect(path.dirname(backup)).toBe(path.join(folder, '.backups', 'portal.json'));
    saved = path.join(folder, 'portal.json');
    expect(fs.existsSync(saved)).toBe(true);
    const before = fs.readFileSync(saved, 'utf8');
    await expect
      .poll(() => preview().getByRole('region', { name: 'Deletes' }).textContent())
      .toMatch(/frames \d+, \d+ with the loads on them/);
    await expect.poll(() => preview().textContent()).toContain(`Backup kept: ${backup}`);
    await shot('25-change-preview');
    await preview().getByRole('button', { name: 'Decline' }).click();
    await page.getByText(/You declined deleting the roof beams/).waitFor({ timeout: 20_000 });
    expect(await preview().count()).toBe(0);
    // The agent was told: DECLINED, with the change set; the model and its file are as they were.
    const declined = lastResult(model.requests.at(-1)!);
    expect(declined.error).toMatchObject({ code: 'DECLINED', message: /declined this change/ });
    expect(declined.error.details.changes.deletes[0]).toMatch(/^frames /);
    expect(fs.readFileSync(saved, 'utf8')).toBe(before);
    expect(JSON.parse(before).frames).toHaveLength(10);
  });

  it('approved, the delete runs; the save that writes over the file shows the backup kept', async () => {
    model.script(
      (r) => ({ toolCalls: [tool('delete_objects', { frames: roofBeams(r) })] }),
      { toolCalls: [tool('save_model', {})] },
      (r) => ({
        content: `Deleted ${lastResult(model.requests.at(-2)!).deleted?.frames.join(' and ')} and saved ${lastResult(r).path}.`,
      }),
    );
    // (The dialog is modal: the theme is set before it opens.)
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByLabel('Theme').selectOption('dark');
    await page.getByRole('button', { name: 'Close' }).click();
    await send('Yes, delete them, then save.');
    await preview().waitFor({ timeout: 30_000 });
    await expect.poll(() => preview().textContent()).toMatch(/delete_objects/);
    await preview().getByRole('button', { name: 'Approve' }).click();
    // The save asks next: the file is written over, its previous version kept.
    await expect.poll(() => preview().textContent(), { timeout: 30_000 }).toMatch(/save_model/);
    expect(await preview().getByRole('region', { name: 'Modifies' }).textContent()).toMatch(
      /portal\.json \(written over; the previous version is kept as a backup\)/,
    );
    await shot('26-save-over-dark');
    await preview().getByRole('button', { name: 'Approve' }).click();
    await page.getByText(/Deleted \d+ and \d+ and saved/).waitFor({ timeout: 20_000 });
    expect(JSON.parse(fs.readFileSync(saved, 'utf8')).frames).toHaveLength(8);
    // Versions beside the model: the file as it was before the first change. The save wrote
    // over the same content (the delete changed the open model, not the file): no second copy.
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, '.backups', 'portal.json', 'manifest.json'), 'utf8'));
    expect(manifest.versions.map((v: { tool: string; reason: string }) => `${v.tool}: ${v.reason}`)).toEqual([
      'delete_objects: before a change to the model',
    ]);
    expect(JSON.parse(fs.readFileSync(manifest.versions[0].file, 'utf8')).frames).toHaveLength(10);
  }, 90_000);

  it("the conversation's audit log exports every call with its approval and outcome (CSV, JSON lines)", async () => {
    await page.getByRole('button', { name: 'Audit log' }).click();
    await page.getByRole('menuitem', { name: 'Export CSV' }).waitFor();
    await shot('27-audit-export');
    const href = (await page.getByRole('menuitem', { name: 'Export JSON lines' }).getAttribute('href'))!;
    const jsonl: string = await page.evaluate((u) => fetch(u).then((r) => r.text()), href);
    const entries = jsonl
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(entries.map((e) => e.tool)).toEqual([
      'new_model',
      'define_material',
      'define_section',
      'assign_loads',
      'save_model',
      'delete_objects',
      'delete_objects',
      'save_model',
    ]);
    expect(entries.map((e) => e.approval)).toEqual([
      'not_needed',
      'not_needed',
      'not_needed',
      'not_needed',
      'not_needed',
      'declined',
      'approved',
      'approved',
    ]);
    expect(entries[5].outcome).toMatchObject({ ok: false, code: 'DECLINED' });
    expect(entries[6]).toMatchObject({ outcome: { ok: true }, changes: { destructive: true } });
    expect(entries[6].backup).toMatch(/\.backups/);
    const csv: string = await page.evaluate(
      (u) => fetch(u).then((r) => r.text()),
      href.replace('format=jsonl', 'format=csv'),
    );
    const lines = csv.trim().split('\n');
    expect(lines).toHaveLength(1 + entries.length);
    expect(lines[0]).toMatch(/^at,conversation,call_id,program,tool/);
    expect(lines.filter((l) => l.includes(',declined,'))).toHaveLength(1);
    await page.keyboard.press('Escape');
  });
});
