// The page's one way to the core: JSON over fetch, errors carrying the core's code and details.
export async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const value = await res.json().catch(() => null);
  if (!res.ok)
    throw Object.assign(new Error(value?.error?.message ?? `HTTP ${res.status}`), {
      code: value?.error?.code,
      details: value?.error?.details,
    });
  return value;
}
