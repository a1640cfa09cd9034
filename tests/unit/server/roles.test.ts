import { describe, expect, it } from 'vitest';
import { roleOf, roleProblem } from '../../../server/roles/role.ts';

describe('the server role', () => {
  it('is all (the embedded default) when none is named', () => {
    expect(roleOf([])).toEqual({ role: 'all' });
  });

  it.each([[['--role', 'api']], [['--role=api']]])('reads --role api written as %j', (args) => {
    expect(roleOf(args)).toEqual({ role: 'api' });
  });

  it('reads --role worker', () => {
    expect(roleOf(['--role', 'worker'])).toEqual({ role: 'worker' });
  });

  it('refuses an unknown role or argument with a sentence naming the choices', () => {
    expect(roleOf(['--role', 'gpu'])).toEqual({
      problem: expect.stringContaining('Unknown role "gpu": use --role all'),
    });
    expect(roleOf(['--role'])).toEqual({ problem: expect.stringContaining('Unknown role ""') });
    expect(roleOf(['--port', '80'])).toEqual({ problem: expect.stringContaining('Unknown argument --port') });
  });

  it('needs the shared queue and store for api and worker, not for all', () => {
    expect(roleProblem('all', false)).toBeNull();
    expect(roleProblem('api', true)).toBeNull();
    expect(roleProblem('worker', false)).toMatch(
      /--role worker needs the shared job queue and store: set BOOTH_REDIS_URL and BOOTH_S3_BUCKET/,
    );
  });
});
