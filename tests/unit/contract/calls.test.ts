import { describe, expect, it } from 'vitest';
import { CreateJobRequestSchema, JobSchema, jobPhase, jobPath } from '../../../contract/index.ts';

describe('job status rules', () => {
  it('upper-cases the status on receipt', () => {
    expect(jobPhase('completed')).toBe('completed');
    expect(jobPhase('Error')).toBe('error');
  });
  it('counts any other status as pending', () => {
    for (const s of ['PENDING', 'processing', 'queued', '', null, undefined]) expect(jobPhase(s)).toBe('pending');
  });
  it('reads a job with missing fields as empty values', () => {
    expect(JobSchema.parse({ result: { status: 'PENDING' } })).toMatchObject({
      images: [],
      prompt: '',
      result: { status: 'PENDING', message: '' },
    });
  });
  it('reads previews when sent and leaves them out when missing or null', () => {
    expect(JobSchema.parse({ images: ['a.png'], previews: ['a.webp'] }).previews).toEqual(['a.webp']);
    expect(JobSchema.parse({ images: ['a.png'] }).previews).toBeUndefined();
    expect(JobSchema.parse({ images: ['a.png'], previews: null }).previews).toBeUndefined();
  });
  it('asks for at most 20 seconds of wait', () => {
    expect(jobPath('a b', 60)).toBe('/transformations/jobs/a%20b/?wait=20');
    expect(jobPath(7)).toBe('/transformations/jobs/7/');
  });
});

describe('the create-job request', () => {
  const image = 'data:image/jpeg;base64,AAAA';
  it("takes the spec's {style_id, image} as it is: tenant is an optional addition", () => {
    expect(CreateJobRequestSchema.parse({ style_id: 'comic', image })).toEqual({ style_id: 'comic', image });
    expect(CreateJobRequestSchema.parse({ style_id: 'comic', image, tenant: 'gala' }).tenant).toBe('gala');
  });
  it('refuses a tenant that is not text', () => {
    expect(CreateJobRequestSchema.safeParse({ style_id: 'comic', image, tenant: 42 }).success).toBe(false);
  });
});
