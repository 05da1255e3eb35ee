// Where the client keeps its files, per operating system: settings in the user's config
// folder, logs in the state folder (the application-data folder on Windows, as the spec
// says), tokens and the managed environment in the data folder.
import { join, posix, win32 } from 'node:path';

export const APP_NAME = 'Structural Platform';
const APP_DIR_POSIX = 'structural-platform';

export interface AppPaths {
  config: string;
  logs: string;
  data: string;
}

export function appPaths(
  platform: NodeJS.Platform = process.platform,
  env: NodeJS.ProcessEnv = process.env,
  home = env.HOME ?? env.USERPROFILE ?? '',
): AppPaths {
  if (platform === 'win32') {
    const appData = env.APPDATA ?? win32.join(env.USERPROFILE ?? home, 'AppData', 'Roaming');
    const root = win32.join(appData, APP_NAME);
    return { config: root, logs: win32.join(root, 'logs'), data: root };
  }
  if (platform === 'darwin') {
    const support = posix.join(home, 'Library', 'Application Support', APP_NAME);
    return { config: support, logs: posix.join(home, 'Library', 'Logs', APP_NAME), data: support };
  }
  // XDG base directories; a relative value is invalid by the specification and ignored.
  const xdg = (name: string, fallback: string) =>
    env[name] && posix.isAbsolute(env[name]!) ? env[name]! : posix.join(home, fallback);
  return {
    config: join(xdg('XDG_CONFIG_HOME', '.config'), APP_DIR_POSIX),
    logs: join(xdg('XDG_STATE_HOME', '.local/state'), APP_DIR_POSIX, 'logs'),
    data: join(xdg('XDG_DATA_HOME', '.local/share'), APP_DIR_POSIX),
  };
}
