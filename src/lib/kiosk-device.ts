// A kiosk is a device, not a tenant. A tenant says whether it allows kiosks (kioskIdleSeconds,
// contract/event-kit.ts); the operator makes a device a kiosk by opening the tenant's kiosk address
// (`/{slug}/?kiosk`) on it, and the device remembers it (localStorage, per tenant) until it opens
// `?kiosk=off`, or until the tenant no longer allows kiosks. Guests' phones on the same tenant never
// opened that address: they get the phone booth. The kiosk's inline script (src/inline/kiosk.ts) and
// the islands ask the same rule, so they never disagree.
import { HANDOFF_QUERY, KIOSK_OFF, KIOSK_QUERY } from '../../contract/event-kit.ts';

/** The class on <html> of a kiosk's pages: src/styles/kiosk.css lays the screens out for it. */
export const KIOSK_CLASS = 'booth-kiosk-device';

/**
 * Per tenant: tenants share the site's origin, and so its storage. `base` is the tenant's home (its
 * own language's base), so a kiosk set up or turned off at any of its languages' addresses is one
 * kiosk, and stays one when a guest picks another language.
 */
export const kioskKey = (base: string) => `booth-kiosk:${base || '/'}`;

/** What a device's storage needs to offer; absent or refusing (a private window): never a kiosk. */
export type KioskStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * Whether this device is a kiosk of the tenant at `base`, after applying what the address asks
 * (`?kiosk` turns it on, `?kiosk=off` off). A page opened from a kiosk's QR code is on a
 * visitor's phone: never a kiosk. While a tenant allows no kiosks its pages carry no kiosk code,
 * so its kiosks are phone booths but keep their memory: if it allows kiosks again, they are
 * kiosks again (an operator turns one off for good with `?kiosk=off`).
 */
export function kioskDevice(
  allowed: boolean,
  base: string,
  search: string,
  storage: KioskStorage | undefined,
): boolean {
  const query = new URLSearchParams(search);
  const key = kioskKey(base);
  try {
    if (!allowed) {
      storage?.removeItem(key);
      return false;
    }
    if (query.has(HANDOFF_QUERY) || !storage) return false;
    if (query.has(KIOSK_QUERY)) {
      if (query.get(KIOSK_QUERY) === KIOSK_OFF) storage.removeItem(key);
      else storage.setItem(key, '1');
    }
    return storage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/** The same, in the browser: this page's address and storage. */
export function isKioskDevice(allowed: boolean, base: string): boolean {
  let storage: KioskStorage | undefined;
  try {
    storage = localStorage;
  } catch {
    storage = undefined;
  }
  return kioskDevice(allowed, base, location.search, storage);
}
