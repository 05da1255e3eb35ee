// In a cluster each gateway replica runs its own agent runs; a replica restarted into its slot
// must interrupt the runs its previous process left working, and no other replica's.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAgentStore } from '../../../subgraphs/agents/store.ts';
import { openTestDatabase } from '../../helpers/test-database.ts';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => void (database = await openTestDatabase()));
afterAll(async () => database.close());

it('interrupts only the runs of the restarted slot', async () => {
  const store = createAgentStore(database.db);
  const account = await database.db.account.create({ data: { id: 'acct-orphans', name: 'orphans' } });
  const conversation = await store.createConversation(account.id, 'frame');
  const mine = await store.createRun(account.id, conversation.id, 10, '1');
  const theirs = await store.createRun(account.id, conversation.id, 10, '2');

  expect(await store.interruptOrphans('1')).toBe(1);
  const after = await database.db.agentRun.findMany({ where: { id: { in: [mine.id, theirs.id] } } });
  const status = Object.fromEntries(after.map((r) => [r.id, [r.status, r.reasonCode]]));
  expect(status[mine.id]).toEqual(['interrupted', 'RUN_INTERRUPTED']);
  expect(status[theirs.id]).toEqual(['thinking', null]);
});
