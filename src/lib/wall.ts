// The browser's calls of the event wall (contract/wall.ts): the guest's say on their picture.
// An answer that is not the contract's counts as a failure: the box then says so, and the guest
// may try again.
import { WallSayAnswerSchema, wallSayPath, type WallSayAnswer } from '../../contract/wall.ts';

/** A call gives up after this long: the box says the choice was not saved. */
const TIMEOUT_MS = 15_000;

/** The AI hub refused the call (4xx: no such tenant or job here, or the wall is off): there is no box to show. */
export class WallRefusal extends Error {
  override name = 'WallRefusal';
}

async function call(url: string, init: RequestInit = {}): Promise<WallSayAnswer> {
  const response = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (response.status >= 400 && response.status < 500) throw new WallRefusal(`The wall answered ${response.status}.`);
  if (!response.ok) throw new Error(`The wall answered ${response.status}.`);
  const parsed = WallSayAnswerSchema.safeParse(await response.json());
  if (!parsed.success) throw new Error('The wall answered something else.');
  return parsed.data;
}

const host = (aiHost: string) => aiHost.replace(/\/+$/, '');

/** Where the guest's picture stands. */
export const readWallSay = (aiHost: string, tenant: string, jobId: string) =>
  call(host(aiHost) + wallSayPath(tenant, jobId));

/** The guest's say: on the wall (show) or off it. */
export const sendWallSay = (aiHost: string, tenant: string, jobId: string, show: boolean) =>
  call(host(aiHost) + wallSayPath(tenant, jobId), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ show }),
  });
