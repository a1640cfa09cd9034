// GET {content host}/datasets/{dataset id} with `Authorization: JWT {token}`: the tenants'
// branding items. Only the envelope is checked here; each item is checked on its own later,
// so one bad tenant never costs the others their pages.
import { DatasetResponseSchema, authorizationHeader, datasetPath } from '../../contract/index.ts';
import { BuildError } from './errors.ts';
import { excerpt, parseJson, request, statusError, type Call, type Fetch } from './http.ts';
import type { BuildSettings } from './settings.ts';

export async function fetchBrandingItems(
  settings: BuildSettings,
  token: string,
  fetchImpl?: Fetch,
): Promise<unknown[]> {
  const call: Call = {
    host: 'content host',
    setting: 'BOOTH_CONTENT_HOST',
    method: 'GET',
    url: `${settings.contentHost}${datasetPath(settings.datasetId)}`,
    headers: { authorization: authorizationHeader(token) },
    timeoutMs: settings.fetchTimeoutMs,
    maxBytes: settings.maxResponseBytes,
  };
  const answer = await request(call, fetchImpl);
  if (answer.status === 404) throw statusError(answer, call, 'Check BOOTH_DATASET_ID.');
  if (answer.status === 401 || answer.status === 403)
    throw statusError(answer, call, 'The service login was not accepted for this dataset.');
  if (answer.status < 200 || answer.status > 299)
    throw statusError(answer, call, 'The content host is failing; try again later.');
  const json = parseJson(answer, call);
  const parsed = DatasetResponseSchema.safeParse(json);
  if (!parsed.success) {
    throw new BuildError(
      `The content host answered GET ${call.url} without a "content" list of branding items: ${excerpt(answer.text)}. Check BOOTH_CONTENT_HOST and BOOTH_DATASET_ID.`,
    );
  }
  return parsed.data.content;
}
