// The UI in an app window: Microsoft Edge (on every Windows 10/11) or Google Chrome opened with
// --app shows the page without tabs or an address bar, as a program of its own. Where neither is
// found the default browser opens it.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** Browsers that open an app window, where Windows installs them. */
export function appBrowsers(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
): string[] {
  if (platform !== 'win32') return ['/usr/bin/chromium', '/usr/bin/google-chrome', '/usr/bin/microsoft-edge'];
  const roots = [env['ProgramFiles(x86)'], env.ProgramFiles, env.LOCALAPPDATA].filter((r): r is string => !!r);
  return roots.flatMap((r) => [
    join(r, 'Microsoft', 'Edge', 'Application', 'msedge.exe'),
    join(r, 'Google', 'Chrome', 'Application', 'chrome.exe'),
  ]);
}

export function openAppWindow(url: string, fallback: (url: string) => void, browsers: string[] = appBrowsers()): void {
  const browser = browsers.find((b) => existsSync(b));
  if (!browser) return fallback(url);
  const child = spawn(browser, [`--app=${url}`, '--window-size=1280,860'], { stdio: 'ignore', detached: true });
  child.on('error', () => fallback(url));
  child.unref();
}
