// An API node of the scale-out path keeps no leads (they are in the control node's SQLite file):
// a guest's form sent there is answered with a sentence they can act on, never a 404 or a 500.
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../server/hosts/app.ts';
import { LEAD_MESSAGES } from '../../../server/hosts/leads.ts';

describe('leads on an API node', () => {
  it('answers the form with 503 and a sentence', async () => {
    const app = createApp({ leads: 'refused', health: async () => ({ ok: true }) });
    const res = await app.request('/transformations/leads/gala/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', consent: true }),
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ error: LEAD_MESSAGES.scale });
  });
});
