import { describe, expect, it } from 'vitest';
import { applyIntervals, contradicted, valueSort } from '../../../../subgraphs/memory/graph/invalidate.ts';
import { fuzzyEligible, fuzzySame, normName } from '../../../../subgraphs/memory/graph/names.ts';
import { resolveEntities } from '../../../../subgraphs/memory/graph/resolve.ts';
import type { Entity } from '../../../../subgraphs/memory/model.ts';

const entity = (uuid: string, name: string, kind = 'name'): Entity => ({
  uuid,
  accountId: 'a',
  groupId: 'g',
  name,
  normName: normName(name),
  kind,
  summary: '',
  createdAt: '',
});

describe('entity resolution', () => {
  it('normalises case, articles, × and whitespace', () => {
    expect(normName('The  W12×26')).toBe('w12x26');
    expect(normName('  Ashford   Tower. ')).toBe('ashford tower');
  });

  it('merges exact names, fuzzy long names (trigram Jaccard ≥ 0.9), never short or different-number ones', () => {
    expect(fuzzySame('thornton structural engineers', 'thornton structural engineer')).toBe(true);
    expect(fuzzySame('w12x26', 'w12x28')).toBe(false);
    expect(fuzzyEligible('b3')).toBe(false);
    expect(fuzzySame('harbor view garage', 'harbor view parking')).toBe(false);
    const stored = [entity('1', 'Thornton Structural Engineers'), entity('2', 'Beam B3', 'member')];
    let n = 0;
    const r = resolveEntities(
      [
        { name: 'beam b3', kind: 'member' },
        { name: 'Thornton Structural Engineer', kind: 'organisation' },
        { name: 'Beam B4', kind: 'member' },
        { name: 'beam B4', kind: 'member' },
      ],
      [stored[1]!],
      [stored[0]!],
      (x, norm) => ({ ...entity(`new-${++n}`, x.name, x.kind), normName: norm }),
    );
    expect(r.byName.get('beam b3')!.uuid).toBe('2');
    expect(r.byName.get('thornton structural engineer')!.uuid).toBe('1');
    expect(r.created.map((e) => e.uuid)).toEqual(['new-1']);
    expect(r.byName.get('beam b4')!.uuid).toBe('new-1');
  });
});

describe('contradiction and the interval rule', () => {
  const next = {
    sourceUuid: 'beam',
    targetUuid: 'w14',
    relation: 'USES',
    validAt: '2026-02-01T00:00:00.000Z',
    target: { kind: 'member_size', name: 'W14x30' },
    replaces: null,
    ends: null,
    anchors: ['beam', 'w14'],
  };
  const fact = (
    uuid: string,
    sourceUuid: string,
    targetUuid: string,
    name: string,
    validAt = '2026-01-01T00:00:00.000Z',
  ) => ({
    fact: { uuid, sourceUuid, targetUuid, name, validAt, invalidAt: null },
    otherKind: null as string | null,
    otherName: null as string | null,
  });

  it('a new value of the same sort, a functional relation, a replacement and an ending contradict; others do not', () => {
    const sameSort = { ...fact('1', 'beam', 'w12', 'USES'), otherKind: 'member_size', otherName: 'W12x26' };
    const otherSort = { ...fact('2', 'beam', 'c7', 'SUPPORTS'), otherKind: 'member', otherName: 'column C7' };
    expect(contradicted(next, [sameSort, otherSort]).map((c) => c.fact.uuid)).toEqual(['1']);
    const job = {
      ...next,
      sourceUuid: 'omar',
      targetUuid: 'meridian',
      relation: 'WORKS_AT',
      target: { kind: 'organisation', name: 'Meridian' },
    };
    expect(
      contradicted(job, [fact('3', 'omar', 'halcrow', 'WORKS_AT'), fact('4', 'omar', 'garage', 'MANAGES')]).map(
        (c) => c.fact.uuid,
      ),
    ).toEqual(['3']);
    const swap = { ...next, replaces: 'w12', anchors: ['beam'] };
    expect(
      contradicted(swap, [fact('5', 'beam', 'w12', 'RELATES_TO'), fact('6', 'girder', 'w12', 'USES')]).map(
        (c) => c.fact.uuid,
      ),
    ).toEqual(['5']);
    const ending = { ...job, targetUuid: 'halcrow', relation: 'NO_LONGER_WORKS_AT', ends: 'WORKS_AT' };
    expect(
      contradicted(ending, [fact('7', 'omar', 'halcrow', 'WORKS_AT'), fact('9', 'omar', 'halcrow', 'RELATES_TO')]).map(
        (c) => c.fact.uuid,
      ),
    ).toEqual(['7', '9']);
    expect(contradicted({ ...next }, [fact('8', 'beam', 'w14', 'USES')])).toEqual([]);
  });

  it('sorts values by what they measure', () => {
    expect(valueSort('quantity', '30 psf')).toBe(valueSort('quantity', '35 psf'));
    expect(valueSort('quantity', '30 psf')).not.toBe(valueSort('quantity', '30 in'));
    expect(valueSort('code', 'ACI 318-19')).not.toBe(valueSort('code', 'ASCE 7-22'));
  });

  it('ends an older fact when the newer begins; a newer contradicting fact ends an out-of-order arrival; no overlap, no change', () => {
    const at = (d: string) => `2026-${d}T00:00:00.000Z`;
    expect(
      applyIntervals({ validAt: at('02-01'), invalidAt: null }, [
        { uuid: 'old', validAt: at('01-01'), invalidAt: null },
      ]),
    ).toEqual({
      invalidateOld: [{ uuid: 'old', invalidAt: at('02-01') }],
      newInvalidAt: null,
    });
    expect(
      applyIntervals({ validAt: at('01-01'), invalidAt: null }, [
        { uuid: 'newer', validAt: at('03-01'), invalidAt: null },
      ]),
    ).toEqual({
      invalidateOld: [],
      newInvalidAt: at('03-01'),
    });
    expect(
      applyIntervals({ validAt: at('03-01'), invalidAt: null }, [
        { uuid: 'ended', validAt: at('01-01'), invalidAt: at('02-01') },
      ]),
    ).toEqual({
      invalidateOld: [],
      newInvalidAt: null,
    });
  });
});
