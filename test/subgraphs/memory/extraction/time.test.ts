import { expect, it } from 'vitest';
import { groundTime } from '../../../../subgraphs/memory/extraction/time.ts';

const at = '2023-05-08T13:56:00.000Z';

it('writes relative dates at the precision of their words and returns the date as valid_at', () => {
  expect(groundTime('Caroline went to a support group yesterday', at)).toEqual({
    text: 'Caroline went to a support group on 7 May 2023',
    validAt: '2023-05-07T13:56:00.000Z',
  });
  expect(groundTime('Andrew started a new job last week', at).text).toBe(
    'Andrew started a new job in the week of 1 May 2023',
  );
  expect(groundTime('her sister moved to Boston two years ago', at).text).toBe('her sister moved to Boston in 2021');
  expect(groundTime('We go camping in June', at).text).toBe('We go camping in June 2023');
  expect(groundTime('I will see him next month', at).text).toBe('I will see him in June 2023');
});

it('leaves sizes, codes and numbers alone, and text without a date unchanged', () => {
  for (const t of ['ACI 318-19 §22.6 at 5', 'Use #5 bars @ 12" o.c.', 'The W12x26 spans 24 ft', 'Caroline likes lakes'])
    expect(groundTime(t, at)).toEqual({ text: t, validAt: null });
  expect(groundTime('yesterday', 'not a date')).toEqual({ text: 'yesterday', validAt: null });
});
