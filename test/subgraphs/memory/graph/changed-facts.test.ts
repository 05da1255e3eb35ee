// The rules that retire a fact when a later statement changes it, each with a
// look-alike statement that must leave the old fact current.
import { describe, expect, it } from 'vitest';
import {
  contradicted,
  endedClause,
  qualifier,
  sharesTopic,
  statedValues,
  valueSort,
  type Candidate,
  type NewFactShape,
} from '../../../../subgraphs/memory/graph/invalidate.ts';
import { normName } from '../../../../subgraphs/memory/graph/names.ts';
import { personByPartName, resolveEntities } from '../../../../subgraphs/memory/graph/resolve.ts';
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

describe('a first name or surname stands for the one full name it can mean', () => {
  const kenji = entity('k', 'Kenji Sato');
  const ortiz = entity('o', 'Sam Ortiz');
  const lee = entity('l', 'Sam Lee');

  it('links a unique first name or surname', () => {
    expect(personByPartName('kenji', [kenji, ortiz])?.uuid).toBe('k');
    expect(personByPartName('sato', [kenji, ortiz])?.uuid).toBe('k');
    expect(personByPartName('ortiz', [kenji, ortiz, lee])?.uuid).toBe('o');
  });

  it('never links a word two people share, a middle word, a project or a value', () => {
    expect(personByPartName('sam', [kenji, ortiz, lee])).toBeNull();
    expect(personByPartName('finch', [entity('f', 'Alder and Finch Engineers', 'organisation')])).toBeNull();
    expect(personByPartName('ashford', [entity('p', 'Ashford Tower', 'project')])).toBeNull();
    expect(personByPartName('and', [entity('x', 'Ana and Bo Ruiz')])).toBeNull();
    expect(personByPartName('w12x26', [entity('w', 'W12x26 Beam')])).toBeNull();
  });

  it('resolution uses it only when no exact or fuzzy match exists', () => {
    let n = 0;
    const make = (x: { name: string; kind: string }, norm: string) => ({
      ...entity(`new-${++n}`, x.name, x.kind),
      normName: norm,
    });
    const r = resolveEntities(
      [
        { name: 'Kenji', kind: 'name' },
        { name: 'Sam', kind: 'name' },
        { name: 'Tom', kind: 'speaker' },
      ],
      [entity('t', 'Tom', 'speaker')],
      [],
      make,
      [kenji, ortiz, lee],
    );
    expect(r.byName.get('kenji')!.uuid).toBe('k');
    expect(r.byName.get('sam')!.uuid).toBe('new-1');
    expect(r.byName.get('tom')!.uuid).toBe('t');
  });
});

describe('which older facts a change retires', () => {
  const at = '2026-02-01T00:00:00.000Z';
  const next = (over: Partial<NewFactShape>): NewFactShape => ({
    sourceUuid: 's',
    targetUuid: 't',
    relation: 'RELATES_TO',
    validAt: at,
    target: { kind: 'name', name: 'x' },
    replaces: null,
    ends: null,
    anchors: [],
    statement: '',
    sourceKind: 'name',
    ...over,
  });
  const old = (
    uuid: string,
    sourceUuid: string,
    targetUuid: string,
    name: string,
    fact: string,
    other: [string, string] | null = null,
    sourceName: string | null = null,
  ): Candidate => ({
    fact: { uuid, sourceUuid, targetUuid, name, fact, validAt: '2026-01-01T00:00:00.000Z', invalidAt: null },
    otherKind: other?.[0] ?? null,
    otherName: other?.[1] ?? null,
    sourceName,
  });
  const ids = (n: NewFactShape, cs: Candidate[]) => contradicted(n, cs).map((c) => c.fact.uuid);

  it('"no longer" retires the subject\'s facts on the same activity, not its others', () => {
    const ending = next({
      sourceUuid: 'kenji',
      targetUuid: 'ana',
      relation: 'NO_LONGER_REVIEWS',
      ends: 'REVIEWS',
      statement: 'Kenji no longer works on the fatigue checks; Ana Ruiz took them over.',
    });
    expect(endedClause(ending.statement!)).toBe(' works on the fatigue checks');
    const fatigue = old(
      '1',
      'kenji',
      'beam',
      'REVIEWS',
      'Kenji Sato at Alder and Finch Engineers is checking the fatigue details of the floor beam connections.',
    );
    const bearings = old('2', 'kenji', 'plate', 'SUPPORTS', 'Kenji Sato works on the bearing plates.');
    const someoneElse = old('3', 'lena', 'beam', 'REVIEWS', 'Lena is checking the fatigue details of the deck.');
    expect(ids(ending, [fatigue, bearings, someoneElse])).toEqual(['1']);
  });

  it("a replacement naming no thing retires the old value's facts on the same topic only", () => {
    const swap = next({
      sourceUuid: 'hss8',
      targetUuid: 'hss10',
      relation: 'REPLACED_BY',
      replaces: 'hss8',
      target: { kind: 'member_size', name: 'HSS10x10x5/8' },
      statement: 'With the heavier deck the chords were upsized from the HSS8x8x1/2 to HSS10x10x5/8.',
    });
    const chords = old('1', 'truss', 'hss8', 'USES', 'The truss chords are HSS8x8x1/2.');
    const posts = old('2', 'railing', 'hss8', 'USES', 'The railing posts are HSS8x8x1/2.');
    expect(ids(swap, [chords, posts])).toEqual(['1']);
    expect(sharesTopic('the chords were upsized', 'The truss chords are')).toBe(true);
  });

  it("a replacement naming things retires the old value's facts with those things", () => {
    const swap = next({
      sourceUuid: 'frame',
      targetUuid: 'w21',
      relation: 'CHANGED_TO',
      replaces: 'w18',
      anchors: ['frame', 'beam'],
      target: { kind: 'member_size', name: 'W21x62' },
      statement: 'The moment frame beam was upsized from the W18x50 to a W21x62.',
    });
    const beam = old('1', 'beam', 'w18', 'USES', 'the beam is a W18x50');
    const girder = old('2', 'girder', 'w18', 'USES', 'The girder is a W18x50 too.');
    expect(ids(swap, [beam, girder])).toEqual(['1']);
  });

  it('a changed value retires an older statement about the same thing that gave another value of that sort', () => {
    const piers = next({
      sourceUuid: 'pier',
      targetUuid: 'in36',
      relation: 'REPLACED_BY',
      target: { kind: 'quantity', name: '36 in' },
      statement: 'The owner added a sixth level, so the drilled piers grow to 36 in diameter.',
    });
    const stated = old(
      '1',
      'foundation',
      'pier',
      'USES',
      'The foundations are drilled piers, 30 in diameter, about 45 ft long.',
    );
    const otherUnit = old('2', 'foundation', 'pier', 'USES', 'The drilled piers are about 45 ft long.');
    const sameValue = old('3', 'cap', 'pier', 'SUPPORTS', 'The pile cap sits on drilled piers of 36 in and 30 in.');
    expect(ids(piers, [stated, otherUnit, sameValue])).toEqual(['1']);
    // Without a word of change the statement may be about another aspect: nothing retired.
    expect(ids({ ...piers, statement: 'The drilled piers have 36 in of embedment.' }, [stated])).toEqual([]);
  });

  it('a changed value with a vague subject retires the same-sort value of a thing the statement names', () => {
    const category = next({
      sourceUuid: 'district',
      targetUuid: 'rc4',
      relation: 'USES',
      sourceKind: 'topic',
      target: { kind: 'classification', name: 'risk category IV' },
      statement: 'The district asked to use the gym as a shelter, so the school moved to risk category IV.',
    });
    const school = old(
      '1',
      'school',
      'rc3',
      'HAS_VALUE',
      'The school is risk category III.',
      ['classification', 'risk category III'],
      'school',
    );
    const gymSize = old('2', 'gym', 'h', 'HAS_VALUE', 'The gym is 30 ft tall.', ['quantity', '30 ft'], 'gym');
    const hospital = old(
      '3',
      'hospital',
      'rc4b',
      'HAS_VALUE',
      'The hospital is risk category IV.',
      ['classification', 'risk category IV'],
      'hospital',
    );
    expect(ids(category, [school, gymSize, hospital])).toEqual(['1']);
    // A statement whose subject is a named thing is about that thing, not about others it mentions.
    expect(ids({ ...category, sourceKind: 'member' }, [school])).toEqual([]);
  });

  it('an element word qualified differently is another thing unless the statement says something changed; two named beams never meet', () => {
    const beam = next({
      sourceUuid: 'beam',
      targetUuid: 'w18',
      relation: 'USES',
      sourceKind: 'element',
      target: { kind: 'member_size', name: 'W18x50' },
      statement: 'the beam is a W18x50',
    });
    const glulam = old(
      '1',
      'beam',
      'glu',
      'USES',
      'The main glulam beams are 6-3/4 x 33.',
      ['member_size', '6-3/4 x 33'],
      'beam',
    );
    expect(ids(beam, [glulam])).toEqual([]);
    expect(ids({ ...beam, statement: 'the beam is now a W18x50' }, [glulam])).toEqual(['1']);
    const load = (statement: string, value: string) =>
      next({
        sourceUuid: 'load',
        targetUuid: value,
        sourceKind: 'element',
        target: { kind: 'quantity', name: value },
        statement,
      });
    const roof = old(
      '4',
      'load',
      'psf20',
      'HAS_VALUE',
      'The roof snow load is 20 psf.',
      ['quantity', '20 psf'],
      'snow load',
    );
    expect(ids(load('The roof snow load is 30 psf.', '30 psf'), [roof])).toEqual(['4']);
    expect(ids(load('The canopy snow load is 45 psf.', '45 psf'), [roof])).toEqual([]);
    expect(qualifier('The roof live loads are 20 psf.', 'live load')).toBe('roof');
    expect(qualifier('The live load is 50 psf.', 'live load')).toBeNull();
    const b1 = next({
      sourceUuid: 'b1',
      targetUuid: 'w18',
      relation: 'USES',
      sourceKind: 'member',
      target: { kind: 'member_size', name: 'W18x40' },
      statement: 'Beam B1 is a W18x40.',
    });
    const b1Old = old('2', 'b1', 'w16', 'USES', 'Beam B1 is a W16x31.', ['member_size', 'W16x31']);
    const b2Old = old('3', 'b2', 'w18b', 'USES', 'Beam B2 is a W18x35.', ['member_size', 'W18x35']);
    expect(ids(b1, [b1Old, b2Old])).toEqual(['2']);
  });

  it("a change between values said in words retires the old words' statement on the same topic", () => {
    const worded = next({
      sourceUuid: 'rebar',
      targetUuid: 'galv',
      relation: 'CHANGED_TO',
      replacesText: 'epoxy-coated',
      target: { kind: 'topic', name: 'galvanized bars' },
      statement: 'We switched the topping rebar from epoxy-coated to galvanized bars after a cost review.',
    });
    const topping = old(
      '1',
      'corrosion',
      'rebar',
      'USES',
      'Corrosion protection is a concern, so the topping uses epoxy-coated rebar.',
    );
    const anchors = old('2', 'bolt', 'x', 'USES', 'The anchor bolts are epoxy-coated.');
    const already = old(
      '3',
      'deck',
      'y',
      'USES',
      'The deck rebar is epoxy-coated where the topping is thin, galvanized bars elsewhere.',
    );
    expect(ids(worded, [topping, anchors, already])).toEqual(['1']);
  });

  it('reads values and units from statements', () => {
    expect(statedValues('The piers are 30 in diameter and 45 ft long per ACI 318-19.').map((v) => v.sort)).toEqual([
      'quantity:in',
      'quantity:ft',
      'code:aci',
    ]);
    expect(valueSort('quantity', '6 kips')).toBe(valueSort('quantity', '5 kip'));
    expect(valueSort('quantity', '12 in.')).toBe(valueSort('quantity', '10 in'));
    expect(valueSort('quantity', "f'c = 5000 psi")).toBe(valueSort('quantity', '4,000 psi'));
    expect(valueSort('quantity', '45 ft')).toBe('quantity:ft');
    expect(valueSort('quantity', '25 psf')).not.toBe(valueSort('quantity', '1.2 kPa'));
  });
});
