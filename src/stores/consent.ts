// Whether the visitor ticked the tenant's consent box during this visit. Held in memory only:
// nothing about the visitor is stored, and a new visit (a reload, a kiosk reset) asks again.
import { atom } from 'nanostores';

export const $consented = atom(false);
