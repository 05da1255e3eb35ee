// The desktop client as an engineer uses it, end to end in headless Chromium against the real
// platform: the conversation list (reopen, search, rename), Stop, the picture of the model,
// markdown rendered safely, tool cards in words with tables, honest lane badges, and a dropped
// link that leaves Settings, Stop and Quit usable with Retry now. Screenshots go to
// SCREENSHOT_DIR (desktop/docs/screenshots/ holds the ones the README shows).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer, waitFor, type TestServer } from '../../../test/helpers/server.ts';
import { gate, modelEnv, startModelServer, type ModelServer } from '../../../test/helpers/model-server.ts';
import { DesktopApp } from '../../src/app.ts';
import { startUiServer, type UiServer } from '../../src/ui/server.ts';
import { fakeHost } from '../helpers/fake-host.ts';
import { startLink, type Link } from '../helpers/link.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveChromium = fs.existsSync(CHROMIUM);
if (!haveChromium)
  console.warn(`[skip] ${CHROMIUM} is absent: the desktop end-to-end test needs it (apt-get install chromium)`);
const SHOTS = process.env.SCREENSHOT_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'desktop-screens-'));

let server: TestServer;
let model: ModelServer;
let link: Link;
let browser: Browser;
let page: Page;
let app: DesktopApp;
let ui: UiServer;
let key: string;
let home: string;
const opened: string[] = [];

const tool = (name: string, args: unknown) => ({ name: `sap2000_${name}`, arguments: args });
const shot = async (name: string) => {
  await page.waitForTimeout(200);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
};
const send = async (text: string) => {
  await page.getByLabel('Message').fill(text);
  await page.getByLabel('Message').press('Enter');
};
const newChat = () => page.getByRole('button', { name: 'New chat' }).click();

// A two-bay portal frame, 6 m bays, 4 m high, fixed bases, wind at the roof and a UDL on the beams.
const portal = () => [
  {
    toolCalls: [
      tool('new_model', {
        units: 'kN_m_C',
        dimension: '2d',
        template: { kind: 'portal_frame', stories: 1, story_height: 4, bays: 2, bay_width: 6 },
        default_section: 'IPE300',
      }),
    ],
  },
  {
    toolCalls: [
      tool('define_material', { name: 'S355', e: 210e6, poisson: 0.3 }),
      tool('define_section', {
        name: 'IPE300',
        material: 'S355',
        section: { shape: 'general', area: 5.38e-3, i33: 8.356e-5, i22: 6.04e-6, j: 2.01e-7 },
      }),
    ],
  },
  {
    toolCalls: [
      tool('assign_loads', {
        pattern: 'WIND',
        loads: [
          { type: 'joint', joint: [0, 0, 4], force: [12, 0, 0] },
          { type: 'frame_distributed', frame: '4', direction: 'gravity', value: 8 },
          { type: 'frame_distributed', frame: '5', direction: 'gravity', value: 8 },
        ],
      }),
      tool('run_analysis', {}),
    ],
  },
  {
    toolCalls: [
      tool('read_results', { case: 'WIND', kind: 'displacements' }),
      tool('read_results', { case: 'WIND', kind: 'reactions' }),
    ],
  },
];

beforeAll(async () => {
  if (!haveChromium) return;
  model = await startModelServer();
  server = await startTestServer({ ...modelEnv(model), POLLING_RATE_PER_MIN: '100000', PRO_RATE_PER_MIN: '1000' });
  key = (await server.key('pro')).secret;
  link = await startLink(server.url);
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'desktop-engineer-'));
  app = new DesktopApp({
    platformUrl: link.url,
    paths: { config: path.join(home, 'config'), logs: path.join(home, 'state', 'logs'), data: path.join(home, 'data') },
    version: '0.1.0',
    machineName: 'e2e workstation',
    detectionHost: fakeHost([], {}),
    keychain: null,
    openBrowser: (url) => opened.push(url),
    autoStartMs: 200,
    heartbeatMs: 5_000,
    backoffMs: 200,
    confirmTimeoutMs: 8_000,
  });
  expect(await app.start()).toBeNull();
  ui = await startUiServer(app);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('pageerror', (e) => console.log('[page error]', e.message));
  await page.goto(ui.launchUrl);
  await waitFor(async () => app.setup.progress.state === 'done', 20_000);
  // Sign in as the user would approve in the browser: the authorize page's form, then the loopback callback.
  await page.getByRole('button', { name: 'Sign in with your browser' }).click();
  const authorize = await waitFor(async () => opened[0]);
  const form = await (await fetch(authorize)).text();
  const requestId = /name="request_id" value="([^"]+)"/.exec(form)![1]!;
  const decided = await fetch(`${server.url}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request_id: requestId, account_key: key, decision: 'allow' }),
  });
  await fetch(decided.headers.get('location')!);
  await waitFor(async () => app.bridge.state === 'connected', 30_000);
  await page.locator('[data-lane=sap2000]').waitFor();
  console.log(`[desktop e2e] screenshots in ${SHOTS}`);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await ui?.close();
  await app?.shutdown().catch(() => undefined);
  await link?.close();
  await model?.close();
  await server?.stop();
  if (home) fs.rmSync(home, { recursive: true, force: true });
});

describe.skipIf(!haveChromium)('the desktop client for an engineer', () => {
  it('badges say what answers the program: the stand-in here, and "client stopped" when the link is stopped', async () => {
    expect(await page.locator('[data-lane=sap2000]').textContent()).toBe('SAP2000 stand-in ready');
    await page.locator('button.pill').click();
    await page.getByRole('menuitem', { name: 'Stop client', exact: true }).click();
    await page.locator('[data-lane=sap2000]', { hasText: 'SAP2000: client stopped' }).waitFor();
    await shot('15-badges-client-stopped');
    await page.locator('button.pill').click();
    await page.getByRole('menuitem', { name: 'Start client', exact: true }).click();
    await page.locator('[data-lane=sap2000]', { hasText: 'SAP2000 stand-in ready' }).waitFor({ timeout: 20_000 });
  });

  it('draws the model as the agent builds it, with tool cards in words and labelled tables', async () => {
    model.script(...portal(), {
      content:
        '## Results\n\n| Joint | UX (mm) |\n|---|---|\n| 2 | see the card |\n\nThe **sway** is read from the program.',
    });
    await send('Analyse a two-bay portal frame under wind and roof load.');
    await page.getByRole('heading', { name: 'Results' }).waitFor({ timeout: 30_000 });
    // The cards in words, every one done.
    await page.getByText('Started a new 2D model in kN, m (portal frame, 2 bays of 6 m, 1 storey of 4 m)').waitFor();
    await page.getByText('Defined material S355: E = 210,000,000 kN/m²').waitFor();
    expect(await page.locator('details.tool[data-state=done]').count()).toBe(7);
    expect(await page.locator('details.tool[data-state=running]').count()).toBe(0);
    // The picture: members, deflected shape with its scale, supports, loads and reactions.
    const svg = page.locator('.picture svg');
    await svg.waitFor();
    expect(await svg.getAttribute('data-members')).toBe('5');
    await page.locator('.picture path.deflected').waitFor();
    const caption = await page.locator('.picture figcaption').textContent();
    expect(caption).toMatch(/Deflected shape × [\d,]+ \(largest [\d.]+ mm at joint \d+, WIND\)/);
    expect(caption).toContain('3 supports');
    expect(await page.locator('.picture text.reaction').count()).toBeGreaterThan(0);
    await shot('13-model-picture');
    // A card opened: the displacements as a table in mm, raw JSON one click further.
    const card = page.locator('details.tool', { hasText: 'Read displacements for WIND' });
    await card.locator('summary').click();
    await card.getByRole('columnheader', { name: 'UX (mm)' }).waitFor();
    expect(await card.getByRole('columnheader').allTextContents()).toEqual(['Joint', 'UX (mm)', 'UZ (mm)', 'RY (rad)']);
    await card.getByRole('button', { name: 'Raw data (JSON)' }).click();
    await card.getByLabel('Result').waitFor();
    await shot('19-tool-card-table');
    await card.locator('summary').click();
    // Export: the calculation record (a self-contained HTML file) and the results workbook through the platform's job.
    await page.getByRole('button', { name: 'Export calculation record' }).click();
    const savedRecord = await page.getByText(/^Saved .*calculation record\.html/).textContent({ timeout: 30_000 });
    const record = fs.readFileSync(/Saved (.*\.html)/.exec(savedRecord!)![1]!, 'utf8');
    expect(record).toContain('Step 1. Started a new 2D model');
    expect(record).toContain('<svg');
    expect(record).toContain('UX (mm)');
    await page.getByRole('button', { name: 'Export results (.xlsx)' }).click();
    const saved = await page.getByText(/^Saved .*\.xlsx/).textContent({ timeout: 30_000 });
    const file = /Saved (.*\.xlsx)/.exec(saved!)![1]!;
    expect(fs.readFileSync(file).subarray(0, 2).toString()).toBe('PK');
  }, 120_000);

  it("renders the answer as markdown and never the model's HTML", async () => {
    model.script({
      content:
        '### Check\n\n| Member | Utilisation |\n|---|---|\n| B1 | 0.82 |\n\n<img src=x onerror="window.hacked=1"> <script>window.hacked=2</script> [link](javascript:alert(1)) **bold**',
    });
    await send('Summarise the check.');
    // What the user reads: the answer as the last message (it stays there from its first streamed part).
    const answer = page.locator('.msg.assistant').last();
    await answer.getByRole('heading', { name: 'Check', exact: true }).waitFor({ timeout: 20_000 });
    expect(await answer.locator('table td').allTextContents()).toEqual(['B1', '0.82']);
    expect(await answer.locator('strong').textContent()).toBe('bold');
    expect(await answer.locator('img, script').count()).toBe(0);
    expect(await answer.textContent()).toContain('<img src=x onerror="window.hacked=1">');
    expect(await answer.locator('a[href^="javascript"]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    await shot('14-markdown');
  });

  it('keeps the streamed answer on screen until a re-read of the conversation holds it, in whatever order re-reads land', async () => {
    // As on a busy machine: every re-read of the conversation is read from the app when the page
    // asks, and handed to the page only when this test says. The answer waits at the model.
    const held: { answer: () => Promise<void>; read: Promise<void> }[] = [];
    await page.route('**/api/conversation?*', (route) => {
      const response = route.fetch();
      held.push({
        read: response.then(() => undefined),
        answer: () => response.then((r) => route.fulfill({ response: r })),
      });
    });
    const reply = gate();
    const releaseAll = async () => {
      reply.open();
      await page.unroute('**/api/conversation?*');
      for (const h of held.splice(0)) await h.answer().catch(() => undefined);
    };
    onTestFailed(releaseAll);
    model.script({ hold: reply.promise, content: '### Held\n\nThe **answer** as streamed.' });
    await send('Hold the answer back.');
    await page.getByRole('button', { name: 'Stop', exact: true }).waitFor();
    // The re-reads asked for so far (after Send, at THINKING) read the conversation without the answer.
    await waitFor(async () => held.length >= 2);
    const stale = held.splice(0);
    await Promise.all(stale.map((h) => h.read));
    reply.open();
    const answer = page.locator('.msg.assistant').last();
    await answer.getByRole('heading', { name: 'Held', exact: true }).waitFor({ timeout: 20_000 });
    // The run ended (DONE hides Stop) while no re-read holding the answer has landed: the answer stays.
    await page.getByRole('button', { name: 'Stop', exact: true }).waitFor({ state: 'detached', timeout: 20_000 });
    expect(await answer.getByRole('heading').allTextContents()).toEqual(['Held']);
    // The re-reads asked for before the answer was stored land now: the question shows, the answer stays.
    for (const h of stale) await h.answer();
    await page.locator('.msg.user', { hasText: 'Hold the answer back.' }).waitFor();
    expect(await answer.getByRole('heading').allTextContents()).toEqual(['Held']);
    expect(await page.getByRole('button', { name: 'Stop', exact: true }).count()).toBe(0);
    // The later ones hold it: the stored answer takes the live one's place, shown once.
    await releaseAll();
    await page.locator('.msg.assistant[data-live]').waitFor({ state: 'detached' });
    expect(await page.getByRole('heading', { name: 'Held', exact: true }).count()).toBe(1);
    expect(await answer.locator('strong').textContent()).toBe('answer');
  });

  it('Quit asks while the agent works; the Stop button stops the run and says so', async () => {
    await newChat();
    const never = gate();
    model.script({ hold: never.promise, content: 'never shown' });
    await send('Think for a long time.');
    // Quit while the agent works asks first, naming the conversation; Cancel keeps everything.
    await page.getByRole('button', { name: 'Stop', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Quit' }).click();
    const ask = page.getByRole('alertdialog');
    await ask.getByText('The agent is still working in “Think for a long time.”').waitFor();
    await shot('24-quit-asks');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await page.getByText('Stopped.', { exact: false }).waitFor({ timeout: 20_000 });
    never.open();
    await shot('12-stopped');
  });

  it('lists the conversations: reopen one with its history, search and rename', async () => {
    const list = page.getByRole('complementary', { name: 'Conversations' });
    await list.getByText('Analyse a two-bay portal frame under wind and roof load.').waitFor();
    await list.getByText('Analyse a two-bay portal frame').click();
    await page.getByRole('heading', { name: 'Results' }).waitFor();
    await page.locator('.picture path.deflected').waitFor();
    await list.getByRole('button', { name: /^Rename Analyse a two-bay/ }).click();
    await list.getByLabel('New name').fill('Two-bay portal, wind + roof');
    await list.getByLabel('New name').press('Enter');
    await list.getByText('Two-bay portal, wind + roof').waitFor();
    await page.getByLabel('Search conversations').fill('wind + ROOF');
    await waitFor(async () => (await list.locator('li').count()) === 1);
    await shot('11-history-search');
    await page.getByLabel('Search conversations').fill('');
  });

  it('a dropped link leaves Settings, Stop and Quit usable, names the cause and offers Retry now', async () => {
    link.drop();
    await page.getByRole('button', { name: 'Retry now' }).waitFor({ timeout: 20_000 });
    const banner = await page.locator('.banner.reconnecting').textContent();
    expect(banner).toMatch(/connection|platform/i);
    expect(banner).not.toContain('fetch failed');
    expect(await page.locator('[data-lane=sap2000]').textContent()).toBe('SAP2000: reconnecting');
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    expect(await page.getByRole('button', { name: 'Quit' }).isEnabled()).toBe(true);
    await shot('16-reconnecting-banner');
    link.restore();
    // Retry now, unless the app's own retry (200 ms backoff, doubling) reconnected first and took the
    // banner away, as a user would see it: a click waiting for the button then waited forever.
    const retry = await page.getByRole('button', { name: 'Retry now' }).elementHandle();
    await retry!.click().catch((e: Error) => {
      if (!/not attached/i.test(e.message)) throw e;
    });
    await waitFor(async () => app.bridge.state === 'connected', 30_000);
    await page.locator('.banner.reconnecting').waitFor({ state: 'detached', timeout: 30_000 });
    // Its own waits allow 20 s for the banner and 30 s for the reconnection: the file's 30 s default
    // would end it first on a busy machine.
  }, 90_000);

  it('the folder picker takes only a real folder and shows the path with Open folder', async () => {
    const project = fs.mkdtempSync(path.join(os.tmpdir(), 'project-'));
    fs.mkdirSync(path.join(project, 'Models'));
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByRole('tab', { name: 'SAP2000' }).click();
    // The picker's first listing lands after the user typed a path, as on a busy machine: the typed path stays.
    let firstListing: (() => Promise<void>) | undefined;
    await page.route('**/api/folders', (route) => void (firstListing = () => route.continue()), { times: 1 });
    await page.getByRole('button', { name: 'Choose…' }).click();
    await page.getByLabel('Folder path').fill(path.join(project, 'does-not-exist'));
    const release = await waitFor(async () => firstListing);
    await release();
    await page.getByRole('list', { name: 'Folders' }).getByRole('button').first().waitFor();
    expect(await page.getByLabel('Folder path').inputValue()).toBe(path.join(project, 'does-not-exist'));
    await page.getByRole('button', { name: 'Use this folder' }).click();
    await page.getByText(/There is no folder at/).waitFor();
    await page.getByLabel('Folder path').fill(project);
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.getByRole('button', { name: 'Models', exact: true }).waitFor();
    await shot('17-folder-picker');
    await page.getByRole('button', { name: 'Use this folder' }).click();
    await page.locator('.folder .path', { hasText: project }).waitFor();
    expect(app.settings.programs.sap2000.working_directory).toBe(project);
    await page.getByRole('button', { name: 'Open folder' }).first().waitFor();
    await shot('18-settings-sap2000-folder');
    // The other tabs the spec lists, as the user sees them.
    await page.getByRole('tab', { name: 'Agents' }).click();
    await page.getByLabel('Agent step limit').waitFor();
    await shot('20-settings-agents');
    await page.getByRole('tab', { name: 'Software' }).click();
    await page.getByRole('button', { name: 'Check for updates' }).waitFor();
    await shot('21-settings-software');
    await page.getByRole('tab', { name: 'Python' }).click();
    await page.getByLabel('Python environment').waitFor();
    await shot('22-settings-python');
    await page.getByRole('button', { name: 'Close' }).click();
  });
});
