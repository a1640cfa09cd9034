// POST {auth host}/jwt/obtain-token {username, password} -> {token}: the service login that
// lets the build read tenant branding. The token lives in memory for this one build only.
import { TOKEN_PATH, TokenResponseSchema } from '../../contract/index.ts';
import { BuildError } from './errors.ts';
import { parseJson, request, statusError, type Call, type Fetch } from './http.ts';
import type { BuildSettings } from './settings.ts';

export async function obtainToken(settings: BuildSettings, fetchImpl?: Fetch): Promise<string> {
  const call: Call = {
    host: 'auth host',
    setting: 'BOOTH_AUTH_HOST',
    method: 'POST',
    url: `${settings.authHost}${TOKEN_PATH}`,
    body: { username: settings.username, password: settings.password },
    timeoutMs: settings.fetchTimeoutMs,
    maxBytes: settings.maxResponseBytes,
  };
  const answer = await request(call, fetchImpl);
  // "Status 400 throws with the response body."
  if (answer.status === 400) {
    throw new BuildError(
      `The auth host refused the service login (HTTP 400): ${answer.text.trim() || '(empty body)'}. Check BOOTH_SERVICE_USERNAME and BOOTH_SERVICE_PASSWORD.`,
    );
  }
  if (answer.status < 200 || answer.status > 299) {
    throw statusError(answer, call, 'Check BOOTH_AUTH_HOST and the service credentials.');
  }
  const parsed = TokenResponseSchema.safeParse(parseJson(answer, call));
  if (!parsed.success) {
    throw new BuildError(
      `The auth host answered the service login without a token. Check that BOOTH_AUTH_HOST points at the auth service.`,
    );
  }
  return parsed.data.token;
}
