// Issue 11, item 5: calculation-document images are fetched through one
// guarded client. Every spelling of a loopback, private, link-local or
// otherwise non-public address is refused with the same error as a closed
// port, an open one that is not an image server, or a host that rebinds.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../core/net/address-policy.ts';
import { FetchRefused, guardedFetch, type Resolver } from '../../core/net/guarded-fetch.ts';
import { serverWithKey, waitFor } from '../helpers/server.ts';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

let target: http.Server;
let port: number;
beforeAll(async () => {
  // A local server that would happily serve an image: what an attacker hopes to reach.
  target = http.createServer((req, res) => {
    if (req.url === '/redirect') res.writeHead(302, { location: 'http://[::ffff:a9fe:a9fe]/latest/meta-data/' }).end();
    else res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
  });
  await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
  port = (target.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => target.close(() => r())));

describe('the address policy', () => {
  it.each([
    '127.0.0.1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '169.254.169.254',
    '::127.0.0.1',
    '0:0:0:0:0:ffff:7f00:1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::1',
    '2001:0:4136:e378::1',
    'fd00::1',
    'fe80::1%eth0',
    '::1',
    '::',
    '10.0.0.1',
    '172.16.0.1',
    '192.168.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '198.18.0.1',
    '192.0.2.1',
    '224.0.0.1',
    '255.255.255.255',
    'ff02::1',
    '2001:db8::1',
  ])('refuses %s', (ip) => expect(isPublicAddress(ip)).toBe(false));
  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (ip) =>
    expect(isPublicAddress(ip)).toBe(true),
  );
});

describe('guardedFetch', () => {
  const refusal = async (url: string, resolve?: Resolver) => {
    const err = await guardedFetch(url, { resolve, timeoutMs: 3_000 }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err, url).toBeInstanceOf(FetchRefused);
    return (err as FetchRefused).message;
  };

  it('refuses every spelling of loopback and metadata addresses, closed and open ports alike, with one message', async () => {
    const urls = [
      `http://[::ffff:127.0.0.1]:${port}/a.png`,
      `http://[::ffff:7f00:1]:${port}/a.png`,
      `http://[0:0:0:0:0:ffff:7f00:1]:${port}/a.png`,
      'http://[::ffff:a9fe:a9fe]/latest/meta-data/',
      `http://2130706433:${port}/a.png`, // decimal 127.0.0.1
      `http://0177.0.0.1:${port}/a.png`, // octal
      `http://0x7f.1:${port}/a.png`, // hex, short form
      `http://127.1:${port}/a.png`,
      'http://169.254.169.254/latest/meta-data/',
      `http://[64:ff9b::7f00:1]:${port}/a.png`,
      'http://127.0.0.1:9/a.png', // a closed port
      `http://127.0.0.1:${port}/a.png`, // an open one
      'http://localhost/a.png',
      'file:///etc/passwd',
      'ftp://example.com/a.png',
    ];
    const messages = new Set<string>();
    for (const url of urls) messages.add(await refusal(url, async () => [{ address: '127.0.0.1', family: 4 }]));
    expect([...messages]).toEqual(['the URL could not be fetched']);
  });

  it('refuses a host any of whose addresses is private', async () => {
    await refusal('http://images.example/a.png', async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ]);
  });

  it('resolves once and connects to the address it checked (DNS rebinding changes nothing)', async () => {
    // The first answer passes the (test) policy; a second lookup would answer an address that does not serve.
    let lookups = 0;
    const rebinding: Resolver = async () =>
      lookups++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '127.0.0.2', family: 4 }];
    const allow = (ip: string) => ip === '127.0.0.1';
    const got = await guardedFetch(`http://rebind.example:${port}/a.png`, { resolve: rebinding, allow });
    expect(got.bytes.equals(PNG)).toBe(true);
    expect(lookups).toBe(1);
    // An attacker's name answering a private address on its first (checked) lookup is refused.
    let second = 0;
    const attacker: Resolver = async () =>
      second++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '93.184.216.34', family: 4 }];
    await refusal(`http://rebind.example:${port}/a.png`, attacker);
  });

  it('re-checks every redirect hop', async () => {
    // The local server stands in for a public one (allowed here) and redirects to the metadata address.
    const allow = (ip: string) => ip === '127.0.0.1' || isPublicAddress(ip);
    const err = await guardedFetch(`http://127.0.0.1:${port}/redirect`, { allow }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchRefused);
    expect((err as FetchRefused).reason).toMatch(/non-public address ::ffff:a9fe:a9fe/);
  });

  it('caps the body size', async () => {
    const err = await guardedFetch(`http://127.0.0.1:${port}/a.png`, { allow: () => true, maxBytes: 8 }).catch(
      (e: unknown) => e,
    );
    expect((err as FetchRefused).reason).toMatch(/more than 8 bytes|declared/);
  });
});

describe('calculation-document images on a real server', () => {
  const s = serverWithKey('pro');

  it.each([
    'http://[::ffff:127.0.0.1]:PORT/a.png',
    'http://[::ffff:7f00:1]:PORT/a.png',
    'http://[::ffff:a9fe:a9fe]/a.png',
    'http://2130706433:PORT/a.png',
    'http://127.0.0.1:9/a.png',
  ])('%s fails the job with IMAGE_FETCH_FAILED and the one message; nothing reaches the .mcdx', async (raw) => {
    const url = raw.replace('PORT', String(port));
    const res = await s.server.rest('/v1/calcdoc/jobs', {
      key: s.key,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ operation: 'create_document', document_name: 'ssrf', elements: [{ type: 'image', url }] }),
    });
    const { job_id } = await res.json();
    const job = await waitFor(async () => {
      const j = await (await s.server.rest(`/v1/jobs/${job_id}`, { key: s.key })).json();
      return ['completed', 'failed'].includes(j.status) && j;
    }, 20_000);
    expect(job.status).toBe('failed');
    expect(job.error.code).toBe('IMAGE_FETCH_FAILED');
    expect(job.error.message).toBe(
      `Element 0: the image ${url} could not be used: the URL could not be fetched (only public http(s) addresses, at most 10485760 bytes within 10000 ms)`,
    );
  });
});
