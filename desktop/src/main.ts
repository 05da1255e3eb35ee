// `npm run desktop`: starts the client core and its UI, and opens the UI in the browser.
//   PLATFORM_URL   the platform (default http://localhost:4000)
//   UI_PORT        the UI's port on 127.0.0.1 (default: any free port)
//   --no-open      print the UI's address instead of opening it
//   DESKTOP_STANDIN=1  on Windows, the stand-in solver answers SAP2000/ETABS where they are not installed
// A second start while one runs opens the running one's window and exits.
import { spawn } from 'node:child_process';
import { DesktopApp } from './app.ts';
import { appPaths } from './paths.ts';
import { startUiServer } from './ui/server.ts';
import { clientVersion } from './runtime/packaged.ts';
import { openAppWindow } from './ui/window.ts';

const VERSION = clientVersion();

/** The user's default browser; failures are printed, the address stays usable by hand. */
export function openInBrowser(url: string): void {
  const [cmd, args] =
    process.platform === 'win32'
      ? ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]]
      : process.platform === 'darwin'
        ? ['open', [url]]
        : ['xdg-open', [url]];
  const child = spawn(cmd as string, args as string[], { stdio: 'ignore', detached: true });
  child.on('error', () => console.log(`Open this address in your browser: ${url}`));
  child.unref();
}

async function main() {
  const open = !process.argv.includes('--no-open');
  const show = (url: string) => (open ? openInBrowser(url) : console.log(url));
  const app = new DesktopApp({
    platformUrl: (process.env.PLATFORM_URL ?? 'http://localhost:4000').replace(/\/$/, ''),
    paths: appPaths(),
    version: VERSION,
    openBrowser: show,
    standIn: process.env.DESKTOP_STANDIN === '1',
  });
  const running = await app.start();
  if (running) {
    console.log(`Structural Platform is already running (pid ${running.running.pid}).`);
    if (running.running.url) show(running.running.url);
    return;
  }
  // A launch address works once: the next one is published for a second start to open.
  const ui = await startUiServer(app, {
    port: process.env.UI_PORT ? Number(process.env.UI_PORT) : 0,
    onLaunchUsed: (next) => void app.publishUrl(next),
  });
  await app.publishUrl(ui.launchUrl);
  console.log(`Structural Platform ${VERSION}: UI at ${ui.url} (logs in ${app.log.dir})`);
  // The UI in an app window (Edge or Chrome --app) where one is installed, else the default browser.
  if (open) openAppWindow(ui.launchUrl, openInBrowser);
  else show(ui.launchUrl);
  app.on('quit', () => void ui.close().then(() => process.exit(0)));
  // The OS ending the process is not a question to the user: close what the client started and go.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void app.shutdown());
}

// Not a top-level await: the Windows build bundles this file as CommonJS.
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
