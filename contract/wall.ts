// The event wall: a tenant's newest pictures on a big screen (/{slug}/wall), each shown only when
// its guest said yes on the results screen and, under "approve first", an operator approved it.
// The calls are compatible additions to the AI hub's; the site, the server and the console read
// them here.
import { z } from 'zod/mini';

/** Pictures a wall shows at most: the newest first. */
export const WALL_SIZE = 24;

/** The guest's say on a job: POST body, { show } (true: on the wall, false: off it). */
export const wallSayPath = (tenant: string, jobId: string) =>
  `/transformations/wall/${encodeURIComponent(tenant)}/jobs/${encodeURIComponent(jobId)}`;
/** The wall as it is now: GET → WallSnapshot. */
export const wallPath = (tenant: string) => `/transformations/wall/${encodeURIComponent(tenant)}`;
/** The wall live (Server-Sent Events): an event named WALL_EVENT with a WallSnapshot on each change. */
export const wallEventsPath = (tenant: string) => `${wallPath(tenant)}/events`;
export const WALL_EVENT = 'wall';

export const WallSayRequestSchema = z.object({ show: z.boolean() });
export type WallSayRequest = z.infer<typeof WallSayRequestSchema>;

/**
 * Where a picture stands for its guest: 'off' (not on the wall), 'waiting' (for an operator's
 * approval) or 'shown'. A picture an operator hid reads 'waiting' to its guest: the hiding is the
 * event's, not the guest's, business.
 */
export type WallState = 'off' | 'waiting' | 'shown';

/** The guest's say as the server holds it: show is null until the guest (or the tenant's default) has said. */
export const WallSayAnswerSchema = z.object({
  show: z.nullable(z.boolean()),
  state: z.enum(['off', 'waiting', 'shown']),
});
export type WallSayAnswer = z.infer<typeof WallSayAnswerSchema>;

/** One picture on a wall (or in the moderation queue). */
export const WallPictureSchema = z.object({
  id: z.string(),
  /** The display copy of the result, an absolute URL. */
  url: z.string(),
  /** When its guest said yes (ISO 8601). */
  at: z.string(),
});
export type WallPicture = z.infer<typeof WallPictureSchema>;

export const WallSnapshotSchema = z.object({ pictures: z.array(WallPictureSchema) });
export type WallSnapshot = z.infer<typeof WallSnapshotSchema>;

/** The console's moderation queue: GET /admin/api/tenants/{slug}/wall. */
export interface WallQueue {
  moderation: 'approve' | 'show';
  wall: boolean;
  /** Pictures whose guests said yes, waiting for approval, oldest first. */
  waiting: WallPicture[];
  /** Pictures on the wall now, newest first. */
  shown: WallPicture[];
}

/** An operator's decision on a picture: POST /admin/api/tenants/{slug}/wall/{jobId} { decision }. */
export const WallDecisionSchema = z.object({ decision: z.enum(['approve', 'hide']) });
export type WallDecision = z.infer<typeof WallDecisionSchema>['decision'];

export const WALL_TEXT = {
  /** The results screen's box. */
  optIn: 'Show my picture on the event wall',
  optInWaiting: 'Thank you. Your picture will show on the event wall once the event team approves it.',
  optInShown: 'Your picture is on the event wall.',
  optInOff: 'Your picture is not on the event wall.',
  optInFailed: 'Your choice could not be saved. Please try again.',
  /** The wall page. */
  heading: 'Event wall',
  invite: 'Scan the code to take your picture at the booth',
  empty: 'The first pictures will show here soon.',
  offHeading: 'The event wall is off',
  off: "This booth has no event wall. The event team can turn it on in the console's tenant editor.",
  reconnecting: 'Reconnecting to the booth…',
} as const;
