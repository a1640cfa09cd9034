// Whether the visitor has answered the tenant's lead form during this visit (sent or skipped).
// Held in the page's memory only, like consent (src/stores/consent.ts): Take Another Photo does
// not ask again; a new visit (a reload, a kiosk reset) does.
let answered = false;

export const hasAnsweredLead = () => answered;

export function answerLead() {
  answered = true;
}
