import path from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from '../../core/config.ts';
import { createPlatform } from '../../core/platform.ts';
import { tempDir } from '../helpers/server.ts';

it('runs the closers modules registered when the platform closes, and closes even if one fails', async () => {
  const dir = tempDir();
  const platform = await createPlatform(
    loadConfig({
      NODE_ENV: 'development',
      DATA_DIR: dir,
      DATABASE_URL: `file:${path.join(dir, 'p.db')}`,
      LOG_LEVEL: 'silent',
    }),
    { jobHandlers: [] },
  );
  const closed: string[] = [];
  platform.onClose(async () => {
    closed.push('first');
    throw new Error('engine already gone');
  });
  platform.onClose(async () => void closed.push('second'));
  await platform.close(100);
  expect(closed).toEqual(['first', 'second']);
});
