// Signs the desktop app in with the device authorization grant (RFC 8628) over real HTTP, the
// user's approval included (the device page's form, posted with the account key): no browser.
import { expect } from 'vitest';

export const DESKTOP_CLIENT = 'structural-desktop';

export const form = (params: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(params),
});

export async function deviceSignIn(
  serverUrl: string,
  accountKey: string,
): Promise<{ access_token: string; refresh_token: string }> {
  const device = (await (
    await fetch(`${serverUrl}/oauth/device_authorization`, form({ client_id: DESKTOP_CLIENT }))
  ).json()) as any;
  const approved = await fetch(
    `${serverUrl}/oauth/device`,
    form({ user_code: device.user_code, decision: 'allow', account_key: accountKey }),
  );
  expect(approved.status).toBe(200);
  const tokens = (await (
    await fetch(
      `${serverUrl}/oauth/token`,
      form({
        client_id: DESKTOP_CLIENT,
        grant_type: 'urn:ietf:params:oauth:grant-type:device_code',
        device_code: device.device_code,
      }),
    )
  ).json()) as any;
  expect(tokens.access_token).toMatch(/^at_/);
  return tokens;
}

export async function refresh(serverUrl: string, refreshToken: string): Promise<{ status: number; body: any }> {
  const res = await fetch(
    `${serverUrl}/oauth/token`,
    form({ client_id: DESKTOP_CLIENT, grant_type: 'refresh_token', refresh_token: refreshToken }),
  );
  return { status: res.status, body: await res.json() };
}
