// The guest's and the wall's calls of the event wall tests, on the embedded booth and on the
// scale-out path alike: the guest's answer for a picture, and a JSON read with its status.
import { wallSayPath } from '../../../../contract/wall.ts';

/** A guest's answer to "Show my picture on the event wall" for job `id` of `tenant`. */
export const say = async (url: string, tenant: string, id: string, body: unknown, type = 'application/json') => {
  const res = await fetch(url + wallSayPath(tenant, id), {
    method: 'POST',
    headers: { 'content-type': type },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

/** A GET of `path` read as JSON, with its status. */
export const get = async (url: string, path: string) => {
  const res = await fetch(url + path);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
