import { expect, it } from 'vitest';
import { collapseDuplicates } from '../../../../subgraphs/memory/retrieval/dedupe.ts';
import { asksWhen, withoutPeople } from '../../../../subgraphs/memory/retrieval/query.ts';
import type { Entity } from '../../../../subgraphs/memory/model.ts';

const entity = (name: string, kind: string): Entity => ({
  uuid: name,
  accountId: 'a',
  groupId: 'g',
  name,
  normName: name.toLowerCase(),
  kind,
  summary: '',
  createdAt: '',
});

it('takes the speakers a query names out of its full-text words, never other names or things, never everything', () => {
  expect(withoutPeople("When did Caroline go to Caroline's support group?", [entity('Caroline', 'speaker')])).toBe(
    'When did go to support group?',
  );
  expect(withoutPeople('What size is beam B3?', [entity('beam B3', 'member')])).toBe('What size is beam B3?');
  expect(withoutPeople('Caroline?', [entity('Caroline', 'speaker')])).toBe('Caroline?');
  // Someone or something else named (a colleague, a pet) is what the question is about.
  expect(withoutPeople('Where does Kenji Sato work now?', [entity('Kenji Sato', 'name')])).toBe(
    'Where does Kenji Sato work now?',
  );
  expect(
    withoutPeople('What breed is Daisy, one of James’s dogs?', [entity('James', 'speaker'), entity('Daisy', 'name')]),
  ).toBe('What breed is Daisy, one of dogs?');
});

it('knows a question that asks for a time', () => {
  expect(asksWhen('When did Caroline go to the support group?')).toBe(true);
  expect(asksWhen('Which year did Audrey adopt her dogs?')).toBe(true);
  expect(asksWhen('What size is beam B3?')).toBe(false);
});

it('keeps the best-ranked copy of near-duplicate facts and fills the answer with others', () => {
  const facts = [
    'Caroline went to a support group.',
    'Caroline went to a support group!',
    'Melanie paints lakes.',
    'Melanie ran a charity race.',
  ].map((fact) => ({ fact }));
  expect(collapseDuplicates(facts, 2).map((f) => f.fact)).toEqual([
    'Caroline went to a support group.',
    'Melanie paints lakes.',
  ]);
  expect(collapseDuplicates(facts, 10)).toHaveLength(3);
});
