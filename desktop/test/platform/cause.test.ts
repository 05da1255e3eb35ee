// The reconnect banner names the real cause in words, never "fetch failed".
import { describe, expect, it } from 'vitest';
import { PlatformError } from '../../src/platform/api.ts';
import { causeInWords } from '../../src/platform/cause.ts';

const URL_ = 'https://platform.example:4000';
const failed = (code: string) => Object.assign(new TypeError('fetch failed'), { cause: { code } });

describe('causeInWords', () => {
  it('names refused, unknown host, timeouts, cuts and certificates', () => {
    expect(causeInWords(failed('ECONNREFUSED'), URL_)).toBe(
      'The platform at platform.example:4000 is not accepting connections. It may be restarting.',
    );
    expect(
      causeInWords(
        new PlatformError('OFFLINE', 'the platform could not be reached: fetch failed', { cause: 'ENOTFOUND' }),
        URL_,
      ),
    ).toContain('cannot find platform.example:4000');
    expect(causeInWords(failed('UND_ERR_CONNECT_TIMEOUT'), URL_)).toContain('did not answer in time');
    expect(causeInWords(failed('ECONNRESET'), URL_)).toBe('The connection to the platform was cut.');
    expect(causeInWords(failed('UNABLE_TO_VERIFY_LEAF_SIGNATURE'), URL_)).toContain('certificate');
    expect(causeInWords(new PlatformError('OFFLINE', 'the platform answered 503 without JSON'), URL_)).toContain(
      'had a problem',
    );
    expect(causeInWords(new Error('fetch failed'), URL_)).not.toContain('fetch failed');
  });
});
