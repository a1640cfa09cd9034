// A value only the browser knows (this device's kiosk setting, a consent given earlier in the
// visit), read so that the page's HTML, built without it, still hydrates: React renders the
// server's value while it hydrates, then the browser's at once, with no hydration error (#418).
import { useSyncExternalStore } from 'react';

const never = () => () => {};

export function useClientValue<T extends boolean | string | number>(read: () => T, server: T): T {
  return useSyncExternalStore(never, read, () => server);
}
