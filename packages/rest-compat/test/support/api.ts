import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

export interface Creds {
  token?: string;
  key?: string;
}

const headersOf = (c: Creds, extra: Record<string, string> = {}): Record<string, string> => ({
  ...extra,
  ...(c.token ? { 'X-Service-Api-Token': c.token } : {}),
  ...(c.key ? { 'X-Service-Api-Enc-Key': c.key } : {}),
});

export interface Reply {
  status: number;
  text: string;
  json: any;
  contentType: string;
}

async function reply(res: Response): Promise<Reply> {
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    /* plain-text body */
  }
  return { status: res.status, text, json, contentType: res.headers.get('content-type') ?? '' };
}

export async function upload(
  base: string,
  files: { path?: string; name?: string; data?: Uint8Array }[],
  creds: Creds = {},
  path = '/analysis/upload',
): Promise<Reply> {
  const form = new FormData();
  for (const f of files) {
    const data = f.data ?? readFileSync(f.path!);
    form.append('files', new Blob([new Uint8Array(data)]), f.name ?? basename(f.path!));
  }
  return reply(await fetch(base + path, { method: 'POST', body: form, headers: headersOf(creds) }));
}

export async function post(base: string, path: string, body: unknown, creds: Creds = {}): Promise<Reply> {
  return reply(
    await fetch(base + path, {
      method: 'POST',
      body: typeof body === 'string' ? body : JSON.stringify(body),
      headers: headersOf(creds, { 'Content-Type': 'application/json' }),
    }),
  );
}

export async function get(base: string, path: string, creds: Creds = {}): Promise<Reply> {
  return reply(await fetch(base + path, { headers: headersOf(creds) }));
}

/** Polls job status until it leaves Pending/Processing (the contract's polling, compressed). */
export async function waitForJob(base: string, id: string, creds: Creds = {}, timeoutMs = 120_000): Promise<Reply> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await get(base, `/analysis/job/${id}`, creds);
    if (r.status !== 200 || (r.json.status !== 'Pending' && r.json.status !== 'Processing')) return r;
    if (Date.now() > deadline) throw new Error(`job ${id} still ${r.json.status} after ${timeoutMs} ms`);
    await new Promise((res) => setTimeout(res, 250));
  }
}
