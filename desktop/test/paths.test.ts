import { describe, expect, it } from 'vitest';
import { appPaths } from '../src/paths.ts';

describe('app folders', () => {
  it('uses %APPDATA% on Windows, with logs inside it', () => {
    expect(appPaths('win32', { APPDATA: 'C:\\Users\\Ana\\AppData\\Roaming' }, 'C:\\Users\\Ana')).toEqual({
      config: 'C:\\Users\\Ana\\AppData\\Roaming\\Structural Platform',
      logs: 'C:\\Users\\Ana\\AppData\\Roaming\\Structural Platform\\logs',
      data: 'C:\\Users\\Ana\\AppData\\Roaming\\Structural Platform',
    });
  });

  it('uses the XDG folders on Linux, and their defaults when unset or relative', () => {
    expect(
      appPaths(
        'linux',
        { XDG_CONFIG_HOME: '/x/conf', XDG_STATE_HOME: '/x/state', XDG_DATA_HOME: '/x/data' },
        '/home/ana',
      ),
    ).toEqual({
      config: '/x/conf/structural-platform',
      logs: '/x/state/structural-platform/logs',
      data: '/x/data/structural-platform',
    });
    expect(appPaths('linux', { XDG_CONFIG_HOME: 'relative' }, '/home/ana')).toEqual({
      config: '/home/ana/.config/structural-platform',
      logs: '/home/ana/.local/state/structural-platform/logs',
      data: '/home/ana/.local/share/structural-platform',
    });
  });
});
