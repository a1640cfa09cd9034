// The auth host: POST /jwt/obtain-token {username, password} -> {token}.
// Failed logins are throttled per address and per user name; the documented default password
// works only from this machine, so a booth on the event Wi-Fi cannot be logged into with it.
import { Hono } from 'hono';
import { clientAddress, isThisMachine } from '../limits/client-address.ts';
import { TokenRequestSchema, type TokenResponse } from '../../contract/index.ts';
import { fail, jsonBody, validJson, limitJsonBody } from './http.ts';
import { sameSecret, signToken } from '../auth/jwt.ts';
import type { LoginThrottle } from '../limits/login-throttle.ts';

export interface AuthDeps {
  username: string;
  password: string;
  /** The password is the documented default: it is taken from this machine only. */
  defaultPassword: boolean;
  secret: Uint8Array;
  ttlSeconds: number;
  throttle: LoginThrottle;
  /** Proxies whose X-Forwarded-For names the client (BOOTH_TRUSTED_PROXIES). */
  trustedProxies: ReadonlySet<string>;
}

const REFUSED = 'Unable to log in with the provided credentials.';

export function authHost(deps: AuthDeps) {
  const app = new Hono();
  const limit = limitJsonBody();
  const credentials = validJson(TokenRequestSchema, 'Send {"username": "...", "password": "..."} as JSON.');
  app.post('/obtain-token', limit, jsonBody({ requireJsonType: false }), credentials, async (c) => {
    const { username, password } = c.req.valid('json');
    const address = clientAddress(c, deps.trustedProxies);
    if (deps.defaultPassword && !isThisMachine(address)) {
      return fail(
        c,
        403,
        'This booth still has its default service password, which works only from the booth itself. Set BOOTH_SERVICE_PASSWORD (for the server and the build) to log in from the network.',
      );
    }
    const keys = [`address:${address}`, `user:${username.slice(0, 200)}`];
    const wait = deps.throttle.retryAfterSeconds(keys);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return fail(c, 429, `Too many failed logins. Please wait ${wait} s before trying again.`);
    }
    // Both compared every time, so a wrong username takes as long as a wrong password.
    const userOk = sameSecret(username, deps.username);
    const passwordOk = sameSecret(password, deps.password);
    if (!userOk || !passwordOk) {
      deps.throttle.recordFailure(keys);
      return fail(c, 400, REFUSED, { non_field_errors: [REFUSED] });
    }
    return c.json({ token: await signToken(deps.secret, username, deps.ttlSeconds) } satisfies TokenResponse);
  });
  return app;
}
