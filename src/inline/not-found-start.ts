// The static host serves the one Not Found page for every unknown address, so the way back is
// found here: to the start page of the tenant the address was under, when that page answers.
import { isValidSlug } from '../../contract/slug.ts';

export function run() {
  const slug = location.pathname.split('/')[1];
  const start = document.querySelector<HTMLAnchorElement>('[data-start]');
  if (!start || !isValidSlug(slug)) return;
  const home = `/${slug}/`;
  fetch(home, { method: 'HEAD' }).then((answer) => {
    if (answer.ok) start.href = home;
  }, () => {});
}
