// Ordinary speech: greetings and questions state nothing; first and second
// person become the speaker and the one spoken to; each clause names its subject.
import { expect, it } from 'vitest';
import { extractDeterministic } from '../../../../subgraphs/memory/extraction/deterministic.ts';
import { informative, speechFacts } from '../../../../subgraphs/memory/extraction/speech.ts';

const ctx = { speaker: 'Caroline', addressee: 'Melanie', lastPerson: null };

it('finds no fact in greetings, thanks, reactions, fillers or questions', () => {
  for (const s of [
    'Hey Mel!',
    'Thanks, Caroline!',
    "Wow, that's awesome!",
    'Yeah, totally.',
    'How have you been?',
    'What did you paint last week?',
  ]) {
    expect(informative(s, ['Caroline', 'Melanie'])).toBe(false);
    expect(speechFacts(s, ctx).facts).toEqual([]);
  }
  expect(informative('I went to a support group yesterday.', ['Caroline', 'Melanie'])).toBe(true);
});

it('writes first person as the speaker and second person as the addressee, one fact per clause', () => {
  const { facts } = speechFacts('I went to a LGBTQ support group yesterday and it was so powerful.', ctx);
  expect(facts[0]).toMatchObject({
    source: 'Caroline',
    target: 'LGBTQ support group',
    fact: 'Caroline went to a LGBTQ support group yesterday',
  });
  expect(facts).toHaveLength(2);
  const praise = speechFacts("You're doing great with your painting, I'm so proud of you.", ctx).facts.map(
    (f) => f.fact,
  );
  expect(praise[0]).toMatch(/^Melanie is doing great with Melanie's painting/);
  expect(praise[1]).toBe('Caroline is so proud of Melanie.');
});

it('grounds relative time against the message and keeps the engineering reading', () => {
  const out = extractDeterministic({
    content: 'Hi! I went to a support group yesterday.',
    roleType: 'user',
    role: 'Caroline',
    name: '',
    timestamp: '2023-05-08T13:56:00.000Z',
    addressee: 'Melanie',
  });
  expect(out.facts).toHaveLength(1);
  expect(out.facts[0]!.fact).toBe('Caroline went to a support group on 7 May 2023.');
  expect(out.facts[0]!.validAt).toBe('2023-05-07T13:56:00.000Z');
  const beam = extractDeterministic({
    content: 'Beam B3 at grid C-4 uses a W12x26 per AISC 360-16.',
    roleType: 'user',
    role: 'Maria',
    name: '',
    timestamp: '2026-01-26T14:00:00Z',
  });
  expect(beam.facts[0]).toMatchObject({ source: 'Beam B3', target: 'W12x26', relation: 'USES' });
  expect(beam.facts[0]!.validAt).toBeUndefined();
});
