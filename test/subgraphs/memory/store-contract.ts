// The behaviour every MemoryStore must have, checked through the domain
// functions that use it (ingest, search, deletion), and the atomicity of every
// multi-statement change (a failure injected at each statement in turn leaves
// nothing half-done). store-contract.test.ts runs it against the embedded store
// always and against Neo4j when NEO4J_URI is set.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalEmbedder, type Embedder } from '../../../core/embedding/embed.ts';
import { reembed } from '../../../core/embedding/reembed.ts';
import { memoryReembedTarget } from '../../../subgraphs/memory/jobs/reembed.ts';
import { deterministicExtractor } from '../../../subgraphs/memory/extraction/deterministic.ts';
import { processPending } from '../../../subgraphs/memory/graph/drain.ts';
import type { Entity, NewEpisode, NewFact } from '../../../subgraphs/memory/model.ts';
import { searchFacts, type SearchParams } from '../../../subgraphs/memory/retrieval/search.ts';
import type { MemoryStore } from '../../../subgraphs/memory/store/memory-store.ts';

const INJECTED = 'injected failure at statement';
export const injectedFailure = (n: number) => new Error(`${INJECTED} ${n}`);

export interface OpenedStore {
  store: MemoryStore;
  /** A store over the same data whose transactions fail at their n-th statement (see injectedFailure). */
  failingAt(n: number): MemoryStore;
  close(): Promise<void>;
}

export interface ContractOptions {
  /**
   * The engine keeps the order facts were stored in (a sequence: SQL row ids), so facts that tie in a
   * ranking come in that order. Neo4j has no such order and breaks ties its own way.
   */
  storedOrderOnTies: boolean;
}

export function storeContract(name: string, open: () => Promise<OpenedStore>, options: ContractOptions): void {
  describe(`memory store contract: ${name}`, () => {
    let store: MemoryStore;
    let failingAt: (n: number) => MemoryStore;
    let close: () => Promise<void>;
    const embedder = createLocalEmbedder(256);
    const deps = () => ({ store, extractor: deterministicExtractor, embedder, pairScorer: null });
    const account = `acct-${randomUUID()}`;
    const other = `acct-${randomUUID()}`;
    const atomicAccount = `acct-${randomUUID()}`;

    beforeAll(async () => {
      ({ store, failingAt, close } = await open());
    });
    afterAll(async () => {
      await store.deleteGroup(account, 'g1');
      await store.deleteGroup(account, 'g2');
      await store.deleteGroup(other, 'g1');
      for (const acct of [account, other]) await store.deleteGroup(acct, 'shared-ids');
      await store.clear(atomicAccount);
      await close();
    });

    let clock = Date.parse('2026-03-01T09:00:00Z');
    const msg = (content: string, source: string, role = 'Maria'): NewEpisode => ({
      uuid: randomUUID(),
      name: '',
      content,
      roleType: 'user',
      role,
      sourceDescription: source,
      timestamp: new Date((clock += 60_000)).toISOString(),
    });

    async function ingest(accountId: string, groupId: string, episodes: NewEpisode[]) {
      const { added, conflicts } = await store.addEpisodes(accountId, groupId, episodes);
      expect(conflicts).toEqual([]);
      expect(added).toBe(episodes.length);
      expect((await processPending(deps(), accountId, groupId)).failed).toBe(0);
    }

    const search = (accountId: string, query: string, extra: Partial<SearchParams> = {}) =>
      searchFacts(deps(), {
        query,
        scope: { accountId, groupIds: null },
        maxFacts: 10,
        reranker: 'rrf',
        minScore: 0,
        mmrLambda: 0.7,
        source: null,
        includeInvalidated: false,
        centerNodeUuid: null,
        ...extra,
      });

    it('queues episodes in order, refuses a uuid of another group of the account, skips one already stored', async () => {
      const a = msg('Maria works at Thornton Structural Engineers.', 'chat-1');
      const b = msg('The Ashford Tower transfer girder at Level 3 is a W36x150 per AISC 360-16.', 'chat-1');
      await ingest(account, 'g1', [a, b]);
      expect(await store.addEpisodes(account, 'g1', [a])).toEqual({ added: 0, conflicts: [] });
      expect((await store.addEpisodes(account, 'g2', [a])).conflicts).toEqual([a.uuid]);
      const listed = await store.lastEpisodes(account, 'g1', 10);
      expect(listed.map((e) => e.uuid)).toEqual([a.uuid, b.uuid]);
      expect((await store.lastEpisodes(account, 'g1', 1)).map((e) => e.uuid)).toEqual([b.uuid]);
      expect(await store.lastEpisodes(other, 'g1', 10)).toEqual([]);
    });

    it('leases a group to one holder at a time: renewable, released, taken over once expired', async () => {
      const group = `lease-${randomUUID()}`;
      expect(await store.leaseGroup(account, group, 'job-a', 60_000)).toBe(true);
      expect(await store.leaseGroup(account, group, 'job-b', 60_000)).toBe(false);
      expect(await store.leaseGroup(account, group, 'job-a', 60_000)).toBe(true); // renewal
      // Leases are per account and per group.
      expect(await store.leaseGroup(other, group, 'job-b', 60_000)).toBe(true);
      expect(await store.leaseGroup(account, `${group}-2`, 'job-b', 60_000)).toBe(true);
      await store.releaseGroup(account, group, 'job-b'); // not the holder: no effect
      expect(await store.leaseGroup(account, group, 'job-b', 60_000)).toBe(false);
      await store.releaseGroup(account, group, 'job-a');
      expect(await store.leaseGroup(account, group, 'job-b', 1)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await store.leaseGroup(account, group, 'job-c', 60_000)).toBe(true); // job-b's lease lapsed
      for (const [acct, g, holder] of [
        [account, group, 'job-c'],
        [other, group, 'job-b'],
        [account, `${group}-2`, 'job-b'],
      ] as const)
        await store.releaseGroup(acct, g, holder);
    });

    it('finds facts by words, resolves entities by name, and merges a repeated statement', async () => {
      const hits = await search(account, 'Which section is the transfer girder?');
      expect(hits[0]!.fact).toContain('W36x150');
      expect(hits[0]!.score).toBeGreaterThan(0);
      expect(hits[0]!.score).toBeLessThanOrEqual(1);
      const again = msg('The Ashford Tower transfer girder at Level 3 is a W36x150 per AISC 360-16.', 'chat-2');
      await ingest(account, 'g1', [again]);
      const after = await search(account, 'transfer girder W36x150');
      const girder = after.filter((f) => f.fact.includes('W36x150'));
      expect(girder).toHaveLength(1);
      expect(girder[0]!.episodes).toHaveLength(2);
      expect(girder[0]!.episodes[1]).toBe(again.uuid);
      // Duplicate candidates: every fact between the pair, or only the same statement when asked.
      const pair = [girder[0]!.sourceUuid, girder[0]!.targetUuid] as const;
      expect((await store.factsBetween(account, 'g1', [pair])).map((f) => f.uuid)).toContain(girder[0]!.uuid);
      expect((await store.factsBetween(account, 'g1', [pair], [girder[0]!.normFact])).map((f) => f.uuid)).toEqual([
        girder[0]!.uuid,
      ]);
      expect(await store.factsBetween(account, 'g1', [pair], ['a statement never made'])).toEqual([]);
    });

    it('finds the facts of an episode by the words of the message itself, in the caller scope only', async () => {
      const said = msg('Kenji Sato reviewed the punching shear checks on Friday, nothing flagged.', 'chat-ep');
      await ingest(account, 'g2', [said]);
      const facts = await store.getFacts(
        account,
        (
          await store.fullTextEpisodeFacts(
            { accountId: account, groupIds: ['g2'] },
            'flagged punching',
            { includeInvalidated: false, source: null },
            10,
          )
        ).map((r) => r.uuid),
      );
      expect(facts.length).toBeGreaterThan(0);
      expect(facts.every((f) => f.episodes.includes(said.uuid))).toBe(true);
      expect(
        await store.fullTextEpisodeFacts(
          { accountId: other, groupIds: null },
          'flagged punching',
          { includeInvalidated: false, source: null },
          10,
        ),
      ).toEqual([]);
      expect(
        await store.fullTextEpisodeFacts(
          { accountId: account, groupIds: ['g1'] },
          'flagged punching',
          { includeInvalidated: false, source: null },
          10,
        ),
      ).toEqual([]);
    });

    it("a question's words find the reply's facts (the next turn answers it); a statement's words do not reach the next turn", async () => {
      const question = msg('Where did you and Anna first meet?', 'chat-qa', 'Jolene');
      const reply = msg('It happened at yoga in the park.', 'chat-qa', 'Deborah');
      const statement = msg('Deborah ordered espresso machines for the office.', 'chat-qa', 'Jolene');
      const after = msg('The training happened at the riverside studio.', 'chat-qa', 'Deborah');
      await ingest(account, 'g3', [question, reply, statement, after]);
      const scope = { accountId: account, groupIds: ['g3'] };
      const filter = { includeInvalidated: false, source: null };
      const found = await store.getFacts(
        account,
        (await store.fullTextEpisodeFacts(scope, 'first meet Anna', filter, 10)).map((r) => r.uuid),
      );
      expect(found.length).toBeGreaterThan(0);
      expect(found.every((f) => f.episodes.includes(reply.uuid))).toBe(true);
      const byStatement = await store.getFacts(
        account,
        (await store.fullTextEpisodeFacts(scope, 'espresso machines', filter, 10)).map((r) => r.uuid),
      );
      expect(byStatement.some((f) => f.episodes.includes(after.uuid))).toBe(false);
      expect(byStatement.some((f) => f.episodes.includes(statement.uuid))).toBe(true);
    });

    it('a new value invalidates the old fact (valid_at of the new one), current facts by default, history on request', async () => {
      await ingest(account, 'g1', [msg('Beam B3 at grid C-4 uses a W12x26.', 'chat-3')]);
      const change = msg('We replaced the W12x26 with a W14x30 for beam B3 because of deflection.', 'chat-4');
      await ingest(account, 'g1', [change]);
      const current = await search(account, 'beam B3 size');
      expect(current.some((f) => f.fact.includes('uses a W12x26'))).toBe(false);
      expect(current.some((f) => f.fact.includes('W14x30'))).toBe(true);
      const history = await search(account, 'beam B3 size', { includeInvalidated: true });
      const old = history.find((f) => f.fact.includes('uses a W12x26'))!;
      expect(old.invalidAt).toBe(change.timestamp);
      expect(old.expiredAt).not.toBeNull();
    });

    it('all three rerankers answer best first within their ranges; min_score and source filter apply', async () => {
      for (const [reranker, lo] of [
        ['rrf', 0],
        ['mmr', -1],
        ['cross_encoder', 0],
      ] as const) {
        const facts = await search(account, 'girder W36x150 Level 3', { reranker, minScore: lo });
        expect(facts.length).toBeGreaterThan(0);
        for (const f of facts) expect(f.score).toBeGreaterThanOrEqual(lo);
        for (const f of facts) expect(f.score).toBeLessThanOrEqual(1);
        expect(facts.map((f) => f.score)).toEqual([...facts.map((f) => f.score)].sort((a, b) => b - a));
      }
      const strict = await search(account, 'girder W36x150 Level 3', { minScore: 0.99 });
      for (const f of strict) expect(f.score).toBeGreaterThanOrEqual(0.99);
      const onlyChat4 = await search(account, 'beam B3 W14x30 W36x150 girder', { source: 'chat-4' });
      expect(onlyChat4.length).toBeGreaterThan(0);
      for (const f of onlyChat4) expect(f.sources).toContain('chat-4');
    });

    // Random uuids must not decide between equals: the same conversation would rank differently each time it is stored.
    it.runIf(options.storedOrderOnTies)(
      'facts that tie in every ranking come in the order they were stored, whatever their uuids',
      async () => {
        const group = `ties-${randomUUID()}`;
        const now = new Date().toISOString();
        const entities: Entity[] = ['Tie Source', 'Tie Target'].map((n) => ({
          uuid: randomUUID(),
          accountId: account,
          groupId: group,
          name: n,
          normName: n.toLowerCase(),
          kind: 'entity',
          summary: '',
          createdAt: now,
        }));
        await store.insertEntities(entities);
        // Two messages of the same words: the first queued states the facts stored last.
        const first = msg('Quokka bracing tied statement.', 'ties');
        const second = msg('Quokka bracing tied statement.', 'ties');
        await store.addEpisodes(account, group, [first, second]);
        // More tied facts than a page, under uuids that sort against the storing order, so an order by
        // uuid (or by a uuid index), or an unstable sort of equals, shows.
        const uuids = Array.from(
          { length: 25 },
          (_, i) => `${(99 - i).toString().padStart(8, '0')}-0000-4000-8000-000000000000`,
        );
        const embedding = new Float32Array(embedder.dimensions).fill(1 / 16);
        await store.insertFacts(
          uuids.map((uuid, i) => ({
            uuid,
            accountId: account,
            groupId: group,
            sourceUuid: entities[0]!.uuid,
            targetUuid: entities[1]!.uuid,
            name: 'RELATES_TO',
            fact: 'quokka bracing tied statement',
            normFact: 'quokka bracing tied statement',
            validAt: now,
            invalidAt: null,
            createdAt: now,
            expiredAt: null,
            invalidatedBy: null,
            embedding,
            embeddingModel: embedder.model,
            episode: { uuid: (i < 12 ? second : first).uuid, sourceDescription: 'ties' },
          })),
        );
        const scope = { accountId: account, groupIds: [group] };
        const filter = { includeInvalidated: false, source: null };
        const order = (ranked: readonly { uuid: string }[]) => ranked.map((r) => r.uuid);
        expect(order(await store.fullTextFacts(scope, 'quokka bracing', filter, 10))).toEqual(uuids.slice(0, 10));
        // All of them: which equals an approximate index keeps at a cut is its own affair.
        expect(
          order(await store.nearestFacts(scope, { model: embedder.model, vector: embedding }, filter, 25)),
        ).toEqual(uuids);
        expect(order(await store.factsAround(scope, [entities[0]!.uuid], 1, filter, 10))).toEqual(uuids.slice(0, 10));
        for (const e of [first, second]) await store.finishEpisode(account, e.uuid, null);
        // Equal messages in their queue order, each one's facts in storing order.
        expect(order(await store.fullTextEpisodeFacts(scope, 'quokka bracing', filter, 10))).toEqual(
          uuids.slice(12, 22),
        );
        await store.deleteGroup(account, group);
      },
    );

    it('a centre node lifts the facts at that entity', async () => {
      const edges = (await search(account, 'beam B3'))[0]!;
      const center = edges.sourceUuid;
      const focused = await search(account, 'Thornton W36x150 beam', { centerNodeUuid: center });
      expect([focused[0]!.sourceUuid, focused[0]!.targetUuid]).toContain(center);
      expect((await store.edgesOfNode(account, center))!.length).toBeGreaterThan(0);
      expect(await store.edgesOfNode(other, center)).toBeNull();
    });

    it("two accounts may use the same uuids: each gets its own records; neither can read, detect or change the other's", async () => {
      // Account A's episode, facts and entity node first; B then uses the same uuids.
      const mine = msg('Maria works at Thornton Structural Engineers on the Ashford Tower.', 'chat-a');
      await ingest(account, 'shared-ids', [mine]);
      const node = randomUUID();
      const entity = (accountId: string, name: string) => ({
        uuid: node,
        accountId,
        groupId: 'shared-ids',
        name,
        normName: name.toLowerCase(),
        kind: 'entity',
        summary: `${name} summary`,
        createdAt: mine.timestamp,
      });
      expect(await store.saveEntityNode(entity(account, 'Alpha Node'))).toBe('created');
      const theirs = {
        ...msg('Omar designs the Harbor View Garage ramps in Ferrocrete.', 'chat-b', 'Omar'),
        uuid: mine.uuid,
      };
      // B sees no trace of A's uuid: its episode is added, its node created (not "updated", not a conflict).
      expect(await store.addEpisodes(other, 'shared-ids', [theirs])).toEqual({ added: 1, conflicts: [] });
      expect((await processPending(deps(), other, 'shared-ids')).failed).toBe(0);
      expect(await store.saveEntityNode(entity(other, 'Beta Node'))).toBe('created');
      expect(await store.saveEntityNode(entity(other, 'Beta Node renamed'))).toBe('updated');
      // Each reads its own records under the shared uuids.
      expect((await store.getEntity(account, node))!.name).toBe('Alpha Node');
      expect((await store.getEntity(other, node))!.name).toBe('Beta Node renamed');
      expect((await store.lastEpisodes(account, 'shared-ids', 10)).map((e) => e.content)).toEqual([mine.content]);
      expect((await store.lastEpisodes(other, 'shared-ids', 10)).map((e) => e.content)).toEqual([theirs.content]);
      const scoped = (accountId: string) => ({ scope: { accountId, groupIds: ['shared-ids'] } });
      const aFacts = await search(account, 'Thornton Ferrocrete Harbor Ashford', scoped(account));
      const bFacts = await search(other, 'Thornton Ferrocrete Harbor Ashford', scoped(other));
      expect(aFacts.length).toBeGreaterThan(0);
      expect(bFacts.length).toBeGreaterThan(0);
      expect(aFacts.every((f) => !f.fact.includes('Ferrocrete') && f.episodes.every((e) => e === mine.uuid))).toBe(
        true,
      );
      expect(bFacts.every((f) => !f.fact.includes('Thornton') && f.episodes.every((e) => e === mine.uuid))).toBe(true);
      // A fact uuid of one account means nothing to the other.
      expect(
        await store.getFacts(
          other,
          aFacts.map((f) => f.uuid),
        ),
      ).toEqual([]);
      expect(await store.deleteFact(other, aFacts[0]!.uuid)).toBe(false);
      // B deleting "its" episode by the shared uuid takes only its own; A's episode and facts stay.
      expect(await store.deleteEpisodes(other, { uuid: mine.uuid })).toMatchObject({ episodes: 1 });
      expect(await store.lastEpisodes(other, 'shared-ids', 10)).toEqual([]);
      expect((await store.lastEpisodes(account, 'shared-ids', 10)).map((e) => e.uuid)).toEqual([mine.uuid]);
      expect((await search(account, 'Thornton Ferrocrete Harbor Ashford', scoped(account))).map((f) => f.uuid)).toEqual(
        aFacts.map((f) => f.uuid),
      );
      expect((await store.getEntity(account, node))!.name).toBe('Alpha Node');
      // A re-sending its episode is still a skipped repeat.
      expect(await store.addEpisodes(account, 'shared-ids', [mine])).toEqual({ added: 0, conflicts: [] });
    });

    it('another account sees nothing of these groups', async () => {
      expect(await search(other, 'girder W36x150 beam B3 Thornton')).toEqual([]);
      expect(await store.deleteGroup(other, 'g1')).toBeNull();
      expect(await store.deleteEpisodes(other, { groupId: 'g1', source: 'chat-1' })).toBeNull();
    });

    it('deleting a source removes its episodes, facts and lone entities, and nothing of another source or group', async () => {
      await ingest(account, 'g2', [msg('The Harbor View Garage uses a W16x40 for the ramp girder.', 'chat-1')]);
      const onlyG2 = { scope: { accountId: account, groupIds: ['g2'] } };
      const beforeG2 = await search(account, 'Harbor View Garage ramp girder W16x40', onlyG2);
      expect(beforeG2.length).toBeGreaterThan(0);
      const g1Before = (await store.lastEpisodes(account, 'g1', 100)).length;
      // chat-3 stated "uses a W12x26"; chat-4 invalidated it. Deleting chat-4 restores it.
      const counts = await store.deleteEpisodes(account, { groupId: 'g1', source: 'chat-4' });
      expect(counts).toEqual({ episodes: 1, facts: 1, entities: 1 });
      expect((await search(account, 'beam B3 W12x26')).some((f) => f.fact.includes('uses a W12x26'))).toBe(true);
      expect(
        (await search(account, 'W14x30', { includeInvalidated: true })).some((f) => f.fact.includes('W14x30')),
      ).toBe(false);
      expect((await store.lastEpisodes(account, 'g1', 100)).length).toBe(g1Before - 1);
      // chat-1 and chat-2 both stated the girder fact: deleting chat-2 keeps it, with chat-1 as its only episode.
      await store.deleteEpisodes(account, { groupId: 'g1', source: 'chat-2' });
      const girder = (await search(account, 'transfer girder W36x150')).find((f) => f.fact.includes('W36x150'))!;
      expect(girder.sources).toEqual(['chat-1']);
      const afterG2 = await search(account, 'Harbor View Garage ramp girder W16x40', onlyG2);
      expect(afterG2.map((f) => f.uuid)).toEqual(beforeG2.map((f) => f.uuid));
    });

    it('deleting a group removes all of it and leaves the other group', async () => {
      const counts = await store.deleteGroup(account, 'g1');
      expect(counts!.episodes).toBeGreaterThan(0);
      expect(await store.lastEpisodes(account, 'g1', 100)).toEqual([]);
      expect(
        await search(account, 'W36x150 girder Thornton', { scope: { accountId: account, groupIds: ['g1'] } }),
      ).toEqual([]);
      expect((await search(account, 'Harbor View Garage W16x40')).length).toBeGreaterThan(0);
    });

    describe('every multi-statement change is atomic: a failure at any of its statements leaves nothing changed', () => {
      const acct = () => atomicAccount;
      const group = 'atomic';
      const said: NewEpisode[] = [];

      /** What a reader can see of the group: its episodes, the entities its messages name, and every fact at them. */
      async function state(groupId = group) {
        const episodes = [
          ...(await store.lastEpisodes(acct(), groupId, 1000)),
          ...(await store.nextPending(acct(), groupId, 1000)),
        ]
          .map((e) => `${e.uuid} ${e.status}`)
          .sort();
        const entities = new Map<string, Entity>();
        for (const text of [...said.map((e) => `${e.content} ${e.role}`), 'Atomic Node bulk entity']) {
          for (const e of await store.entitiesMatching({ accountId: acct(), groupIds: [groupId] }, text, 1000))
            entities.set(e.uuid, e);
        }
        const factUuids = new Set<string>();
        for (const uuid of entities.keys())
          for (const f of (await store.edgesOfNode(acct(), uuid)) ?? []) factUuids.add(f.uuid);
        const facts = (await store.getFacts(acct(), [...factUuids]))
          .map(({ embedding, ...f }) => f)
          .sort((a, b) => a.uuid.localeCompare(b.uuid));
        return { episodes, entities: [...entities.values()].sort((a, b) => a.uuid.localeCompare(b.uuid)), facts };
      }

      /**
       * Runs `change` on a store whose transactions fail at statement 1, 2, … until it succeeds; after
       * each failure the state must be exactly as before. Returns the result and how many failures it took.
       */
      async function sweep<T>(
        change: (s: MemoryStore) => Promise<T>,
        read: () => Promise<unknown> = state,
      ): Promise<{ result: T; failures: number }> {
        const before = await read();
        for (let n = 1; n <= 60; n++) {
          let result: T;
          try {
            result = await change(failingAt(n));
          } catch (err) {
            expect(String(err)).toContain(INJECTED);
            expect(await read(), `after a failure at statement ${n}`).toEqual(before);
            continue;
          }
          expect(await read()).not.toEqual(before);
          return { result, failures: n - 1 };
        }
        throw new Error('the change never succeeded');
      }

      beforeAll(async () => {
        said.push(
          msg('Beam B7 at grid D-2 uses a W10x22.', 'a1', 'Priya'),
          msg('We replaced the W10x22 with a W12x30 for beam B7 because of vibration.', 'a2', 'Priya'),
          msg('The annex transfer girder at Level 2 is a W24x84 per AISC 360-16.', 'a2', 'Priya'),
          msg('The annex transfer girder at Level 2 is a W24x84 per AISC 360-16.', 'a3', 'Priya'),
        );
        await ingest(acct(), group, said);
      });

      it('queuing many episodes (several insert statements): all or none', async () => {
        const bulk = Array.from({ length: 250 }, (_, i) => msg(`Bulk note ${i} on the annex.`, 'bulk'));
        const pending = async () => (await store.nextPending(acct(), 'atomic-bulk', 1000)).map((e) => e.uuid);
        const { result, failures } = await sweep((s) => s.addEpisodes(acct(), 'atomic-bulk', bulk), pending);
        expect(result).toEqual({ added: 250, conflicts: [] });
        expect(failures).toBeGreaterThanOrEqual(1);
        expect(await pending()).toEqual(bulk.map((e) => e.uuid));
        await store.deleteGroup(acct(), 'atomic-bulk');
      });

      it('inserting many entities and facts: all or none', async () => {
        const now = new Date().toISOString();
        const entities: Entity[] = Array.from({ length: 230 }, (_, i) => ({
          uuid: randomUUID(),
          accountId: acct(),
          groupId: 'atomic-bulk',
          name: `bulk entity ${i}`,
          normName: `bulk entity ${i}`,
          kind: 'entity',
          summary: '',
          createdAt: now,
        }));
        const stored = async () =>
          (
            await store.getEntities(
              acct(),
              entities.map((e) => e.uuid),
            )
          ).length;
        await sweep((s) => s.insertEntities(entities), stored);
        expect(await stored()).toBe(230);
        const episode = msg('Bulk facts.', 'bulk-facts');
        await store.addEpisodes(acct(), 'atomic-bulk', [episode]);
        const facts: NewFact[] = Array.from({ length: 210 }, (_, i) => ({
          uuid: randomUUID(),
          accountId: acct(),
          groupId: 'atomic-bulk',
          sourceUuid: entities[i]!.uuid,
          targetUuid: entities[i + 1]!.uuid,
          name: 'RELATES_TO',
          fact: `bulk fact ${i}`,
          normFact: `bulk fact ${i}`,
          validAt: now,
          invalidAt: null,
          createdAt: now,
          expiredAt: null,
          invalidatedBy: null,
          embedding: new Float32Array(embedder.dimensions).fill(1 / 16),
          embeddingModel: embedder.model,
          episode: { uuid: episode.uuid, sourceDescription: 'bulk-facts' },
        }));
        const storedFacts = async () =>
          (
            await store.getFacts(
              acct(),
              facts.map((f) => f.uuid),
            )
          ).length;
        await sweep((s) => s.insertFacts(facts), storedFacts);
        expect(await storedFacts()).toBe(210);
        await store.deleteGroup(acct(), 'atomic-bulk');
      });

      it('saving an entity node over an existing one', async () => {
        const node = {
          uuid: randomUUID(),
          accountId: acct(),
          groupId: group,
          name: 'Atomic Node',
          normName: 'atomic node',
          kind: 'entity',
          summary: 'first',
          createdAt: new Date().toISOString(),
        };
        expect(await store.saveEntityNode(node)).toBe('created');
        const { result, failures } = await sweep((s) => s.saveEntityNode({ ...node, summary: 'second' }));
        expect(result).toBe('updated');
        expect(failures).toBeGreaterThanOrEqual(1);
        expect((await store.getEntity(acct(), node.uuid))!.summary).toBe('second');
      });

      it('deleting a fact that invalidated another', async () => {
        const newer = (await state()).facts.find((f) => f.fact.includes('W12x30'))!;
        const older = (await state()).facts.find((f) => f.fact.includes('uses a W10x22'))!;
        expect(older.invalidatedBy).toBe(newer.uuid);
        const { result, failures } = await sweep((s) => s.deleteFact(acct(), newer.uuid));
        expect(result).toBe(true);
        expect(failures).toBeGreaterThanOrEqual(2);
        const after = await state();
        expect(after.facts.some((f) => f.uuid === newer.uuid)).toBe(false);
        expect(after.facts.find((f) => f.uuid === older.uuid)!.invalidatedBy).toBeNull();
      });

      it('deleting a source: episodes, provenance, orphaned facts, restored facts and lone entities together', async () => {
        const { result, failures } = await sweep((s) => s.deleteEpisodes(acct(), { groupId: group, source: 'a2' }));
        expect(result).toMatchObject({ episodes: 2 });
        expect(failures).toBeGreaterThanOrEqual(3);
        const after = await state();
        expect(after.episodes).toHaveLength(2);
        const girder = after.facts.find((f) => f.fact.includes('W24x84'))!;
        expect(girder.sources).toEqual(['a3']);
      });

      it('deleting a group, and clearing an account', async () => {
        const { result, failures } = await sweep((s) => s.deleteGroup(acct(), group));
        expect(result!.episodes).toBe(2);
        expect(failures).toBeGreaterThanOrEqual(2);
        expect(await state()).toEqual({ episodes: [], entities: [], facts: [] });
        await ingest(acct(), group, [msg('Beam B9 at grid F-1 uses a W8x18.', 'a4', 'Priya')]);
        said.push(msg('Beam B9 at grid F-1 uses a W8x18.', 'a4', 'Priya'));
        await sweep((s) => s.clear(acct()));
        expect(await state()).toEqual({ episodes: [], entities: [], facts: [] });
      });
    });

    // Last: it moves every fact of the store to another model and back.
    it('a model change re-embeds every fact in batches, and no read ever compares vectors of two models', async () => {
      await store.addEpisodes(account, 'reembed', [
        msg('Beam B7 on level 2 is a W16x26.', 'reembed'),
        msg('The roof deck is 1.5 inch metal deck on open web joists.', 'reembed'),
        msg('Maria started a new job at the hospital in March.', 'reembed'),
      ]);
      await processPending({ store, extractor: deterministicExtractor, embedder }, account, 'reembed');
      // Another model of another width (a tag of its own: the same words give other numbers).
      const narrow = createLocalEmbedder(64);
      const other: Embedder = { model: 'test-other-64', dimensions: 64, embed: (t) => narrow.embed(t) };
      const scope = { accountId: account, groupIds: ['reembed'] };
      const filter = { includeInvalidated: false, source: null };
      const [qOld] = await embedder.embed(['deck on the roof']);
      const [qNew] = await other.embed(['deck on the roof']);
      const width = async (uuids: string[]) =>
        new Set((await store.getFacts(account, uuids)).map((f) => f.embedding.length));
      expect(await store.nearestFacts(scope, { model: other.model, vector: qNew! }, filter, 10)).toEqual([]);
      const before = await store.nearestFacts(scope, { model: embedder.model, vector: qOld! }, filter, 10);
      expect(before.length).toBeGreaterThan(0);

      const target = memoryReembedTarget(store);
      const { stale, total } = await target.count(other.model);
      expect(stale).toBe(total);
      // One batch: the facts done answer the new model's queries, the rest the old model's, never both.
      const first = await target.step(other);
      expect(first).toBeGreaterThan(0);
      for (const [model, vector, w] of [
        [other.model, qNew!, 64],
        [embedder.model, qOld!, 256],
      ] as const) {
        const hits = await store.nearestFacts({ accountId: account, groupIds: null }, { model, vector }, filter, 100);
        if (hits.length) expect(await width(hits.map((h) => h.uuid))).toEqual(new Set([w]));
      }
      const progress = await reembed(target, other);
      expect(progress, progress.error).toMatchObject({ state: 'done', model: other.model });
      expect(progress.done + first).toBe(stale);
      expect(await target.count(other.model)).toEqual({ stale: 0, total });
      expect(await store.nearestFacts(scope, { model: embedder.model, vector: qOld! }, filter, 10)).toEqual([]);
      const after = await store.nearestFacts(scope, { model: other.model, vector: qNew! }, filter, 10);
      expect(after.map((r) => r.uuid).sort()).toEqual(before.map((r) => r.uuid).sort());
      expect(await width(after.map((r) => r.uuid))).toEqual(new Set([64]));
      // Search with the new model finds the roof deck first.
      const found = await searchFacts(
        { store, embedder: other, pairScorer: null },
        {
          query: 'deck on the roof',
          scope,
          maxFacts: 10,
          reranker: 'rrf',
          minScore: 0,
          mmrLambda: 0.7,
          source: null,
          includeInvalidated: false,
          centerNodeUuid: null,
        },
      );
      expect(found[0]?.fact).toMatch(/roof deck/i);
      // And back, so the store is as the other cases left it.
      expect(await reembed(target, embedder)).toMatchObject({ state: 'done' });
      expect((await target.count(embedder.model)).stale).toBe(0);
    });
  });
}
