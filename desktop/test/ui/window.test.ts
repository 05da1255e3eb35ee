// The UI in an app window: the first browser found among Edge and Chrome (Chromium here) is
// started with --app and the launch address, else the default browser opens it. Then the real
// thing: Chromium started with that --app argument opens the client's launch address, trades it
// for the session cookie and shows the client.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { DesktopApp } from '../../src/app.ts';
import { startUiServer, type UiServer } from '../../src/ui/server.ts';
import { appBrowsers, openAppWindow } from '../../src/ui/window.ts';
import { waitFor } from '../../../test/helpers/server.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveChromium = fs.existsSync(CHROMIUM);
if (!haveChromium)
  console.warn(`[skip] ${CHROMIUM} is absent: the app-window test needs it (apt-get install chromium)`);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'desktop-window-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the app window', () => {
  it('looks for Edge, then Chrome, where Windows installs them', () => {
    const found = appBrowsers(
      {
        'ProgramFiles(x86)': 'C:\\Program Files (x86)',
        ProgramFiles: 'C:\\Program Files',
        LOCALAPPDATA: 'C:\\Users\\e\\AppData\\Local',
      },
      'win32',
    );
    expect(found[0]).toMatch(/Program Files \(x86\).Microsoft.Edge.Application.msedge\.exe$/);
    expect(found[1]).toMatch(/Program Files \(x86\).Google.Chrome.Application.chrome\.exe$/);
    expect(found.some((b) => /AppData.Local.Google.Chrome.Application.chrome\.exe$/.test(b))).toBe(true);
  });

  it('starts the first browser found with --app and the address; with none, the default browser opens it', async () => {
    // A browser that writes down how it was started.
    const browser = path.join(dir, 'browser.sh');
    const args = path.join(dir, 'args.txt');
    fs.writeFileSync(browser, `#!/bin/sh\nprintf '%s\\n' "$@" > ${JSON.stringify(args)}\n`, { mode: 0o755 });
    const fallback: string[] = [];
    openAppWindow('http://127.0.0.1:1234/?launch=abc', (u) => fallback.push(u), [
      path.join(dir, 'absent.exe'),
      browser,
    ]);
    const written = await waitFor(async () => fs.existsSync(args) && fs.readFileSync(args, 'utf8'), 10_000, 50);
    expect(written.trim().split('\n')).toEqual(['--app=http://127.0.0.1:1234/?launch=abc', '--window-size=1280,860']);
    expect(fallback).toEqual([]);
    openAppWindow('http://127.0.0.1:1234/?launch=def', (u) => fallback.push(u), [path.join(dir, 'absent.exe')]);
    expect(fallback).toEqual(['http://127.0.0.1:1234/?launch=def']);
  });

  it.skipIf(!haveChromium)(
    'Chromium started with --app opens the launch address as a window of its own and shows the client',
    async () => {
      const home = path.join(dir, 'home');
      const app = new DesktopApp({
        platformUrl: 'http://127.0.0.1:9',
        paths: { config: path.join(home, 'config'), logs: path.join(home, 'logs'), data: path.join(home, 'data') },
        version: '0.1.0',
        keychain: null,
        openBrowser: () => undefined,
      });
      expect(await app.start()).toBeNull();
      let ui: UiServer | null = null;
      const context = await (async () => {
        ui = await startUiServer(app);
        // The argument openAppWindow gives the browser (headless here: no display).
        return chromium.launchPersistentContext(path.join(dir, 'profile'), {
          executablePath: CHROMIUM,
          args: ['--no-sandbox', `--app=${ui.launchUrl}`, '--window-size=1280,860'],
          viewport: null,
        });
      })();
      try {
        const page = await waitFor(async () => context.pages().find((p) => p.url().startsWith(ui!.url)), 30_000, 100);
        await page.getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 30_000 });
        // The launch token was traded for the session cookie: the address no longer carries it.
        expect(page.url()).not.toContain('launch=');
        expect(await page.evaluate(() => document.title)).toBe('Structural Platform');
        if (process.env.SCREENSHOT_DIR)
          await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, '25-app-window.png') });
      } finally {
        await context.close();
        await ui!.close();
        await app.shutdown();
      }
    },
    90_000,
  );
});
