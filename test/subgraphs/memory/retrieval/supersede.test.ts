// A later statement of another value for the thing a question names makes the
// earlier one history at read time, even when ingestion could not tie the two.
import { expect, it } from 'vitest';
import type { StoredFact } from '../../../../subgraphs/memory/model.ts';
import { countValues, superseded, thingsNamed } from '../../../../subgraphs/memory/retrieval/supersede.ts';

let n = 0;
const fact = (text: string, day: number): StoredFact => {
  const at = new Date(Date.UTC(2026, 0, day)).toISOString();
  return {
    uuid: `f${++n}`,
    accountId: 'a',
    groupId: 'g',
    sourceUuid: 's',
    targetUuid: 't',
    name: 'RELATES_TO',
    fact: text,
    normFact: text,
    validAt: at,
    invalidAt: null,
    createdAt: at,
    expiredAt: null,
    invalidatedBy: null,
    episodes: [],
    embedding: new Float32Array(0),
    sources: [],
  };
};
const old = (query: string, facts: StoredFact[], entities: { name: string; kind: string }[] = []) =>
  [...superseded(query, thingsNamed(query, entities), facts)].map((u) => facts.find((f) => f.uuid === u)!.fact);

it('the latest size of the beam the question names is current, whatever the extractor made the subject', () => {
  const facts = [
    fact('Beam B1 along grid line 2 is a W16x31.', 1),
    fact('Beam B1 is now a W18x40 because a mechanical unit sits on it.', 5),
    fact('Beam B2 is a W12x26.', 6),
  ];
  expect(old('What size is beam B1?', facts)).toEqual(['Beam B1 along grid line 2 is a W16x31.']);
  expect(old('What size is beam B2?', facts)).toEqual([]);
});

it('a value a statement changes from is not its value: "upsized from X to Y" keeps Y, retires X', () => {
  const facts = [
    fact('The moment frame beam is a W18x50.', 1),
    fact('The moment frame beam was upsized from the W18x50 to a W21x62.', 3),
  ];
  expect(old('What section is the moment frame beam?', facts)).toEqual(['The moment frame beam is a W18x50.']);
});

it('counts of levels in words or digits, and a project named by its head noun', () => {
  expect(countValues('a five-level garage, later 6 levels and a 12-story tower')).toEqual([
    { sort: 'count:level', norm: '5' },
    { sort: 'count:level', norm: '6' },
    { sort: 'count:story', norm: '12' },
  ]);
  const facts = [
    fact('We are starting the Harbor View Garage, a five-level precast parking structure.', 1),
    fact('The owner added a sixth level, so the garage is now six levels.', 9),
  ];
  expect(
    old('How many levels does Harbor View Garage have?', facts, [{ name: 'Harbor View Garage', kind: 'project' }]),
  ).toEqual([facts[0]!.fact]);
});

it('look-alikes stay current: another qualifier, another member of the same frame, values of another sort', () => {
  const loads = [fact('The roof live load is 20 psf.', 1), fact('The office floor live load is 50 psf.', 2)];
  expect(old('What is the roof live load?', loads)).toEqual([]);
  const frame = [
    fact('The moment frame columns are W10x49.', 1),
    fact('The moment frame beam was upsized to a W21x62.', 4),
  ];
  expect(old('What size are the moment frame columns?', frame)).toEqual([]);
  const sorts = [
    fact('The basic wind speed is 115 mph.', 1),
    fact('The basic wind speed governs the 30 psf cladding pressure.', 4),
  ];
  expect(old('What is the basic wind speed?', sorts, [{ name: 'basic wind speed', kind: 'topic' }])).toEqual([]);
});
