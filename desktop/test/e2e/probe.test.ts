import { it, expect } from 'vitest';
import { startTestServer } from '../../../test/helpers/server.ts';
it('boots', async () => {
  const s = await startTestServer();
  const k = await s.key('pro');
  const r = await s.gql('{ agents { id } }', {}, k.secret);
  expect(r.body.data.agents.length).toBe(3);
  await s.stop();
}, 60000);
