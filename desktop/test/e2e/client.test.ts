// The desktop client end to end on Linux: the real platform (startTestServer, real HTTP and
// graphql-ws), the scripted chat-completions server, the stand-in adapter and the client's UI
// in headless Chromium. Between the client and the platform runs a TCP relay the test can cut
// (a dropped link). The steps build on each other, in order: first launch, sign-in, an
// analysis, the step-limit pause, a dropped link, an interrupted response, Reset
// Configuration, out of credits, an update, logout. Screenshots of the main screens are written
// to SCREENSHOT_DIR (default: a temporary folder, printed).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestServer, waitFor, type TestServer } from '../../../test/helpers/server.ts';
import {
  gate,
  modelEnv,
  startModelServer,
  type ModelServer,
  type ModelStep,
} from '../../../test/helpers/model-server.ts';
import { DesktopApp } from '../../src/app.ts';
import type { Adapter } from '../../src/adapters/adapter.ts';
import { startUiServer, type UiServer } from '../../src/ui/server.ts';
import { UpdateError } from '../../src/updates/updater.ts';
import { fakeHost, PF } from '../helpers/fake-host.ts';
import { startLink, type Link } from '../helpers/link.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveChromium = fs.existsSync(CHROMIUM);
if (!haveChromium)
  console.warn(`[skip] ${CHROMIUM} is absent: the desktop end-to-end test needs it (apt-get install chromium)`);
const SHOTS = process.env.SCREENSHOT_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'desktop-screens-'));

// The portal frame the agent is asked about: fixed bases, h = 4 m, b = 6 m, one section with
// I = 2e-4 m⁴ and a huge area (axially rigid), 10 kN at beam level. Slope-deflection gives the sway.
const E = 210e9,
  h = 4,
  b = 6,
  H = 10e3,
  Ic = 2e-4;
const k = Ic / b / (Ic / h);
const SWAY = (H * h ** 3 * (3 * k + 2)) / (12 * E * Ic * (6 * k + 1));

const CSI = `${PF}\\Computers and Structures`;
const machine = fakeHost(
  [`${CSI}\\SAP2000 24\\SAP2000.exe`, `${CSI}\\SAP2000 26\\SAP2000.exe`, `${CSI}\\ETABS 22\\ETABS.exe`],
  {},
);

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
const installed: string[] = [];

const tool = (name: string, args: unknown) => ({ name: `sap2000_${name}`, arguments: args });
const portalSteps = (): ModelStep[] => [
  {
    reasoning: 'Start from the portal template.',
    toolCalls: [
      tool('new_model', {
        units: 'N_m_C',
        dimension: '2d',
        template: { kind: 'portal_frame', stories: 1, story_height: h, bays: 1, bay_width: b },
        default_section: 'COL',
      }),
    ],
  },
  {
    toolCalls: [
      tool('define_material', { name: 'S', e: E, poisson: 0.3 }),
      tool('define_section', {
        name: 'COL',
        material: 'S',
        section: { shape: 'general', area: 1e6, i33: Ic, i22: Ic, j: 1e-4 },
      }),
    ],
  },
  {
    toolCalls: [
      tool('assign_loads', { pattern: 'WIND', loads: [{ type: 'joint', joint: [0, 0, h], force: [H, 0, 0] }] }),
      tool('run_analysis', {}),
    ],
  },
  {
    toolCalls: [
      tool('read_results', {
        case: 'WIND',
        kind: 'displacements',
        joints: [
          [0, 0, h],
          [b, 0, h],
        ],
      }),
    ],
  },
];

/** The tool results the model was sent, by tool-call id. */
const toolResults = () =>
  new Map(
    model.requests.flatMap((r) =>
      r.messages.filter((m) => m.role === 'tool').map((m) => [m.tool_call_id as string, JSON.parse(m.content)]),
    ),
  );

const shot = async (name: string) => {
  await page.waitForTimeout(150);
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
};
const pill = () => page.locator('button.pill').textContent();
const send = async (text: string) => {
  await page.getByLabel('Message').fill(text);
  await page.getByLabel('Message').press('Enter');
};
const openSettings = async (tab: string) => {
  await page.getByRole('button', { name: 'Settings' }).click();
  await page.getByRole('tab', { name: tab }).click();
};
const closeSettings = () => page.getByRole('button', { name: 'Close' }).click();
const newChat = () => page.getByRole('button', { name: 'New chat' }).click();

beforeAll(async () => {
  if (!haveChromium) return;
  model = await startModelServer();
  // The test does in a minute what a user does in ten: the pro tier's 60 requests a minute would refuse it.
  // Credits: a model call is charged at most the credits reserved for it (issue 29), so one huge
  // answer no longer spends 20 USD; 0.05 USD lasts the test's calls (about 0.0005 USD each) until
  // the out-of-credits step's answer is charged its whole reservation (about 0.07 USD).
  server = await startTestServer({
    ...modelEnv(model),
    POLLING_RATE_PER_MIN: '100000',
    PRO_RATE_PER_MIN: '1000',
    PRO_AGENT_CREDITS_USD: '0.05',
  });
  key = (await server.key('pro')).secret;
  link = await startLink(server.url);
  home = fs.mkdtempSync(path.join(os.tmpdir(), 'desktop-home-'));
  app = new DesktopApp({
    platformUrl: link.url,
    paths: { config: path.join(home, 'config'), logs: path.join(home, 'state', 'logs'), data: path.join(home, 'data') },
    version: '0.1.0',
    machineName: 'e2e workstation',
    detectionHost: machine,
    keychain: null,
    openBrowser: (url) => opened.push(url),
    autoStartMs: 200,
    heartbeatMs: 5_000,
    backoffMs: 200,
    confirmTimeoutMs: 1_500,
    installer: async (file) => void installed.push(file),
  });
  expect(await app.start()).toBeNull();
  ui = await startUiServer(app);
  await app.publishUrl(ui.launchUrl);
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  // Notifications allowed, as the user answers the question the first Send asks; every
  // notification the page makes is written down with whether the browser showed it.
  await page.context().grantPermissions(['notifications'], { origin: ui.url });
  await page.addInitScript(() => {
    const shown: { title: string; body: string; event: string }[] = [];
    (window as unknown as { notes: typeof shown }).notes = shown;
    const Real = window.Notification;
    window.Notification = class extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        const note = { title, body: options?.body ?? '', event: 'made' };
        shown.push(note);
        this.addEventListener('show', () => (note.event = 'show'));
        this.addEventListener('error', () => (note.event = 'error'));
      }
    } as typeof Notification;
  });
  console.log(`[desktop e2e] screenshots in ${SHOTS}`);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await ui?.close();
  await app?.shutdown().catch(() => undefined);
  await link?.close();
  await model?.close();
  await server?.stop();
  if (home && !process.env.DESKTOP_E2E_KEEP) fs.rmSync(home, { recursive: true, force: true });
  else if (home) console.log(`[desktop e2e] app folders kept in ${home}`);
});

describe.skipIf(!haveChromium).sequential('desktop client end to end', () => {
  it('first launch: the setup runs once, then the app asks to sign in; the UI answers only its own launch', async () => {
    await waitFor(async () => app.setup.progress.state === 'done', 20_000);
    expect(JSON.parse(fs.readFileSync(path.join(home, 'data', 'setup.json'), 'utf8')).steps).toEqual([
      'folders',
      'settings',
      'detection',
      'python',
    ]);
    expect(fs.existsSync(path.join(home, 'config', 'settings.json'))).toBe(true);
    // No launch token, a wrong one, or another Host: refused.
    expect((await fetch(`${ui.url}/api/state`)).status).toBe(403);
    expect((await fetch(`${ui.url}/?launch=wrong`, { redirect: 'manual' })).status).toBe(403);
    // A page on another name that resolves here (DNS rebinding) sends its own Host.
    const rebinding = await new Promise<number>((resolve, reject) =>
      http
        .get(`${ui.url}/api/state`, { headers: { host: 'evil.example' } }, (res) => resolve(res.statusCode!))
        .on('error', reject),
    );
    expect(rebinding).toBe(421);
    // A second start of the app hands over to this one.
    const second = new DesktopApp({
      platformUrl: link.url,
      paths: app.o.paths,
      version: '0.1.0',
      openBrowser: () => undefined,
      keychain: null,
    });
    expect(await second.start()).toEqual({ running: { pid: process.pid, url: ui.launchUrl } });

    await page.goto(ui.launchUrl);
    await page.getByRole('button', { name: 'Sign in with your browser' }).waitFor();
    await shot('01-sign-in');
  });

  it('signs in through the browser (loopback, PKCE) and the client starts by itself', async () => {
    await page.getByRole('button', { name: 'Sign in with your browser' }).click();
    await page.getByText('Continue in your browser').waitFor();
    const authorize = await waitFor(async () => opened[0]);
    expect(authorize).toContain('code_challenge_method=S256');
    const signInPage = await browser.newPage();
    await signInPage.goto(authorize);
    await signInPage.fill('#account_key', key);
    await Promise.all([signInPage.waitForURL(/127\.0\.0\.1:\d+\/callback/), signInPage.click('button[value=allow]')]);
    expect(await signInPage.textContent('h1')).toBe('Signed in');
    await signInPage.close();

    await waitFor(async () => (await pill()) === 'Connected', 20_000);
    // Tokens in the owner-only file (no keychain on this machine).
    const tokens = path.join(home, 'data', 'tokens.json');
    expect(fs.statSync(tokens).mode & 0o777).toBe(0o600);
    const at = JSON.parse(fs.readFileSync(tokens, 'utf8')).access_token;
    const clients = await server.gql(
      `{ desktopClients { machineId name connected lanes { program state activeVersion } } }`,
      {},
      at,
    );
    expect(clients.body.data.desktopClients[0]).toMatchObject({ name: 'e2e workstation', connected: true });
    expect(clients.body.data.desktopClients[0].lanes).toContainEqual({
      program: 'SAP2000',
      state: 'READY',
      activeVersion: 'stand-in',
    });
    await page.locator('[data-lane=sap2000]', { hasText: 'SAP2000 stand-in ready' }).waitFor();
    await shot('02-connected-empty');
  });

  it('the pill menu stops and starts the client', async () => {
    await page.locator('button.pill').click();
    await page.getByRole('menuitem', { name: 'Stop client', exact: true }).click();
    await waitFor(async () => (await pill()) === 'Client stopped');
    await page.locator('button.pill').click();
    await page.getByRole('menuitem', { name: 'Start client', exact: true }).click();
    await waitFor(async () => (await pill()) === 'Connected', 20_000);
  });

  it('the frame agent analyses a portal frame on the stand-in; the answer carries the solver displacements', async () => {
    await openSettings('Agents');
    await page.getByLabel('Show advanced stats').check();
    await closeSettings();
    const answer = gate();
    const final: ModelStep = { hold: answer.promise, content: '' };
    model.script(...portalSteps(), final);
    await page.getByLabel('Agent').selectOption('frame-analysis-sap2000');
    await send(
      'Analyse a fixed-base portal frame, 4 m high and 6 m wide, under 10 kN of wind at beam level. What is the sway?',
    );
    // When the displacements have reached the model, it answers with them (as a model would read them).
    const readCall = await waitFor(
      async () => [...toolResults().entries()].find(([, r]) => Array.isArray(r.joints)),
      30_000,
    );
    const sway = readCall[1].joints.map((j: { values: number[] }) => j.values[0]);
    final.content = `The sway at beam level is ${(sway[0] * 1000).toFixed(4)} mm at the left joint and ${(sway[1] * 1000).toFixed(4)} mm at the right joint (pattern WIND).`;
    answer.open();
    await page.getByText(/The sway at beam level is/).waitFor({ timeout: 20_000 });
    // The stand-in's displacements match slope-deflection (the solver's closed-form check).
    for (const s of sway) expect(Math.abs(s - SWAY) / SWAY).toBeLessThan(1e-6);
    expect(await page.locator('details.tool').count()).toBe(6);
    expect(await page.locator('details.tool.failed').count()).toBe(0);
    await expect.poll(() => page.locator('[data-stats]').textContent()).toMatch(/Step 4 of 25/);
    // The agent picker is locked for this conversation.
    expect(await page.getByLabel('Agent').isDisabled()).toBe(true);
    // A notification for the finished run, shown by the browser, naming the conversation.
    const notes = () =>
      page.evaluate(() => (window as unknown as { notes: { title: string; body: string; event: string }[] }).notes);
    await expect
      .poll(notes)
      .toContainEqual({ title: 'The agent has finished', body: expect.stringMatching(/\S/), event: 'show' });
    // Chromium has no speech service (Edge and Chrome have one): no Dictate button is offered.
    expect(await page.getByRole('button', { name: 'Dictate' }).count()).toBe(0);
    await shot('03-answer-light');
    await openSettings('General');
    expect(await page.getByLabel('Dictation microphone').count()).toBe(0);
    await page.getByLabel('Theme').selectOption('dark');
    await closeSettings();
    await shot('04-answer-dark');
  });

  it('dictation where the browser has a speech service (Edge, Chrome): Dictate listens and the words land in the message box', async () => {
    // Chrome's speech service is Google's, out of reach here: a scripted recogniser stands in for
    // it, in a page that reports Chrome's brand. What is tested is the client's side: offered,
    // started, its words appended, stopped.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addCookies(await page.context().cookies());
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'userAgentData', {
        value: { brands: [{ brand: 'Google Chrome', version: '142' }] },
      });
      const log: string[] = [];
      (window as unknown as { speech: string[] }).speech = log;
      class ScriptedRecognition extends EventTarget {
        interimResults = true;
        onresult: ((e: unknown) => void) | null = null;
        onend: (() => void) | null = null;
        start() {
          log.push(`start interim=${this.interimResults}`);
          setTimeout(
            () =>
              this.onresult?.({
                results: [[{ transcript: 'check the portal frame' }], [{ transcript: 'for wind from the west' }]],
              }),
            50,
          );
        }
        stop() {
          log.push('stop');
          setTimeout(() => this.onend?.(), 10);
        }
      }
      // Chromium defines both names (and cannot transcribe): both are the scripted one here.
      Object.assign(window, { SpeechRecognition: ScriptedRecognition, webkitSpeechRecognition: ScriptedRecognition });
    });
    const chrome = await context.newPage();
    try {
      await chrome.goto(ui.url);
      const dictate = chrome.getByRole('button', { name: 'Dictate' });
      await dictate.click();
      await expect
        .poll(() => chrome.getByLabel('Message').inputValue())
        .toBe('check the portal frame for wind from the west');
      expect(await dictate.getAttribute('aria-pressed')).toBe('true');
      await dictate.click();
      await expect.poll(() => dictate.getAttribute('aria-pressed')).toBe('false');
      expect(await chrome.evaluate(() => (window as unknown as { speech: string[] }).speech)).toEqual([
        'start interim=false',
        'stop',
      ]);
      await chrome.getByRole('button', { name: 'Settings' }).click();
      await chrome.getByLabel('Dictation microphone').waitFor();
    } finally {
      await context.close();
    }
  });

  it('pauses at the step limit and the Resume link continues the run', async () => {
    await openSettings('Agents');
    await page.getByLabel('Agent step limit').fill('2');
    await page.getByLabel('Agent step limit').press('Tab');
    await expect.poll(() => app.settings.agents.step_limit).toBe(2);
    await closeSettings();
    await newChat();
    model.script(...portalSteps().slice(0, 3), { content: 'The model is built and analysed.' });
    await send('Build and analyse the portal frame.');
    await page.getByText('Agent paused').waitFor({ timeout: 20_000 });
    await expect
      .poll(() =>
        page.evaluate(() =>
          (window as unknown as { notes: { title: string; body: string; event: string }[] }).notes.map(
            (n) => `${n.title} (${n.event})`,
          ),
        ),
      )
      .toContain('The agent paused at the step limit (show)');
    await shot('05-paused');
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByText('The model is built and analysed.').waitFor({ timeout: 20_000 });
    expect(await page.getByText('Agent paused').count()).toBe(0);
  });

  it('a dropped link shows the reconnect screen; the call running meanwhile is answered once, after the link is back', async () => {
    await openSettings('Agents');
    await page.getByLabel('Agent step limit').fill('25');
    await page.getByLabel('Agent step limit').press('Tab');
    await closeSettings();
    await newChat();
    // The stand-in's analysis is held until the link is down (the real solver runs underneath).
    const standin = app.adapters.get('sap2000')!;
    const started = gate();
    const release = gate();
    // The stand-in itself with its run wrapped, so that its lane stays what the stand-in's is
    // (ready): a plain wrapper object would be reported not installed by the next heartbeat, and
    // the platform would hold the call back.
    const held: Adapter = Object.assign(Object.create(standin) as Adapter, {
      run: async (call: Parameters<Adapter['run']>[0]) => {
        if (call.tool === 'run_analysis') {
          started.open();
          await release.promise;
        }
        return standin.run(call);
      },
    });
    app.adapters.set('sap2000', held);
    const events: { callId: string; tool: string; phase: string }[] = [];
    app.bridge.on('call', (e) => events.push(e));
    model.script(...portalSteps().slice(0, 3), { content: 'Analysed after the link came back.' });
    await send('Analyse the portal frame again.');
    await started.promise;
    link.drop();
    await page.getByText('Reconnecting…', { exact: false }).first().waitFor({ timeout: 20_000 });
    await shot('06-reconnecting');
    release.open();
    // The analysis finishes offline; its answer waits for the link.
    const callId = await waitFor(
      async () => events.find((e) => e.phase === 'finished' && e.tool === 'run_analysis')?.callId,
    );
    link.restore();
    await waitFor(async () => (await pill()) === 'Connected', 30_000);
    await page.getByText('Analysed after the link came back.').waitFor({ timeout: 30_000 });
    app.adapters.set('sap2000', standin);
    // Run once: after the reconnect the kept answer went up, and a re-delivery of the call (when the
    // subscription came back before the answer did) was answered from it, not run again.
    expect(app.bridge.runsOf(callId)).toBe(1);
    expect(events.filter((e) => e.callId === callId && e.phase === 'started')).toHaveLength(1);
  }, 90_000);

  it('an interrupted response shows the banner, and Retry repeats the turn', async () => {
    await newChat();
    model.script({ status: 500 });
    await send('Summarise the last analysis.');
    await page.getByText('Response interrupted.').waitFor({ timeout: 20_000 });
    await shot('23-response-interrupted');
    model.script({ content: 'Here is the summary after the retry.' });
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('Here is the summary after the retry.').waitFor({ timeout: 20_000 });
  });

  it('the program tab lists detected versions and keeps the picked one; Reset Configuration clears it and keeps the sign-in', async () => {
    await openSettings('SAP2000');
    await page.getByRole('cell', { name: '24', exact: true }).waitFor();
    await shot('07-settings-sap2000');
    await page
      .getByRole('row', { name: /SAP2000 24/ })
      .getByRole('button', { name: 'Use' })
      .click();
    await expect.poll(() => app.settings.programs.sap2000.selected_installation).toBe(`${CSI}\\SAP2000 24`);
    await page.getByRole('tab', { name: 'General' }).click();
    await page.getByLabel('Design standard').selectOption('eurocode');
    await expect.poll(() => app.settings.general.design_standard).toBe('eurocode');
    await page.getByText(/of 0\.05 USD used/).waitFor();
    await shot('08-settings-general');
    await page.getByRole('button', { name: 'Reset Configuration' }).click();
    await expect
      .poll(
        () => JSON.parse(fs.readFileSync(path.join(home, 'config', 'settings.json'), 'utf8')).general.design_standard,
      )
      .toBe('us');
    const saved = JSON.parse(fs.readFileSync(path.join(home, 'config', 'settings.json'), 'utf8'));
    expect(saved.programs.sap2000.selected_installation).toBeNull();
    expect(saved.general.theme).toBe('light');
    expect(saved.agents.show_advanced_stats).toBe(false);
    await closeSettings();
    expect(app.session.signedIn).toBe(true);
    expect(await pill()).toBe('Connected');
  });

  it('out of credits: the banner gives the reset time', async () => {
    await newChat();
    // One answer that reads 10 million tokens: charged its whole reservation, past the 0.05 USD above.
    model.script({ content: 'A long answer.', usage: { prompt: 10_000_000, completion: 10 } });
    await send('Read everything.');
    await page.getByText('A long answer.').waitFor({ timeout: 20_000 });
    await send('And once more.');
    await page.getByText('Out of credits.').waitFor({ timeout: 20_000 });
    const usage = await app.chat.usage();
    expect(await page.getByRole('alert').textContent()).toContain('It resets on');
    expect(usage.usedUsd).toBeGreaterThanOrEqual(usage.limitUsd);
    await shot('09-out-of-credits');
  });

  it('updates: a newer release is downloaded and verified in the background; Update now asks first, then proceeds after the timeout', async () => {
    const releaseDir = path.join(server.dataDir, 'desktop-release');
    fs.mkdirSync(releaseDir, { recursive: true });
    const bytes = Buffer.from('structural platform 0.2.0 package '.repeat(5000));
    fs.writeFileSync(path.join(releaseDir, 'sp-0.2.0.exe'), bytes);
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    // First a release whose checksum is wrong: refused.
    fs.writeFileSync(
      path.join(releaseDir, 'latest.json'),
      JSON.stringify({ version: '0.2.0', file: 'sp-0.2.0.exe', sha256: '0'.repeat(64), size: bytes.length }),
    );
    await app.updater.check();
    await app.updater.downloaded;
    expect(app.updater.status).toMatchObject({ state: 'error' });
    expect(app.updater.status.message).toContain('checksum does not match');
    await expect(app.updateNow()).rejects.toBeInstanceOf(UpdateError);
    fs.writeFileSync(
      path.join(releaseDir, 'latest.json'),
      JSON.stringify({ version: '0.2.0', file: 'sp-0.2.0.exe', sha256, size: bytes.length }),
    );
    await openSettings('Software');
    await page.getByRole('button', { name: 'Check for updates' }).click();
    await page.getByText('Version 0.2.0 is ready to install').waitFor({ timeout: 20_000 });
    await closeSettings();
    await page.getByRole('button', { name: 'Update', exact: true }).waitFor();
    // The stand-in holds an open model (a session this client started): the update asks first.
    expect(app.ownSessions()).toContain('sap2000');
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await page.getByRole('alertdialog').waitFor();
    await shot('10-update-confirm');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => app.confirmations.current).toBeNull();
    expect(installed).toEqual([]);
    // No answer: it proceeds after the timeout (1.5 s here, about 10 s in the app).
    const quit = new Promise<void>((r) => app.once('quit', () => r()));
    const started = Date.now();
    await page.getByRole('button', { name: 'Update', exact: true }).click();
    await quit;
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400);
    expect(installed).toHaveLength(1);
    expect(createHash('sha256').update(fs.readFileSync(installed[0]!)).digest('hex')).toBe(sha256);
    expect(app.bridge.state).toBe('stopped');
  });

  it('logout (Settings → General → Account) revokes the grant and returns to the sign-in screen', async () => {
    // The update quit the previous instance: start the app again on the same folders, signed in from the token file.
    await ui.close();
    app = new DesktopApp({ ...app.o, keychain: null });
    expect(await app.start()).toBeNull();
    ui = await startUiServer(app);
    await page.goto(ui.launchUrl);
    await waitFor(async () => (await pill()) === 'Connected', 20_000);
    const at = JSON.parse(fs.readFileSync(path.join(home, 'data', 'tokens.json'), 'utf8')).access_token;
    expect((await server.gql(`{ usage { limitUsd } }`, {}, at)).status).toBe(200);
    await openSettings('General');
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('button', { name: 'Sign in with your browser' }).waitFor();
    expect(fs.existsSync(path.join(home, 'data', 'tokens.json'))).toBe(false);
    expect((await server.gql(`{ usage { limitUsd } }`, {}, at)).status).toBe(401);
    expect(app.bridge.state).toBe('stopped');
  });
});
