// Whether the visitor ticked the tenant's consent box during this visit. Held in the page's
// memory only (it lives on across screens, as Astro's router keeps the page): nothing about the
// visitor is stored, and a new visit (a reload, a kiosk reset) asks again.
let consented = false;

export const hasConsented = () => consented;

export function giveConsent() {
  consented = true;
}
