// "Job status: upper-cased on receipt." No zod here: the results page's inline script uses it.
import { JOB_STATUS, type JobStatus } from './constants.ts';

/** Anything but COMPLETED or ERROR counts as pending. */
export function jobPhase(status: string | null | undefined): 'completed' | 'error' | 'pending' {
  const s = (status ?? '').toUpperCase();
  if (s === JOB_STATUS.completed) return 'completed';
  if (s === JOB_STATUS.error) return 'error';
  return 'pending';
}
export const isFinalStatus = (status: string): status is JobStatus => jobPhase(status) !== 'pending';
