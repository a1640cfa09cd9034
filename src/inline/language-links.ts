// The language menu on a results screen: the same job in the other languages. The results page
// is one file for every job, so its menu's links are built without the id; the address has it.
import { jobIdFromPath } from '../../contract/results.ts';

export function run() {
  const id = jobIdFromPath(location.pathname);
  if (id === null) return;
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-booth-language]'))
    link.href = `${link.dataset.boothLanguage!.replace(/\/?$/, '/')}${encodeURIComponent(id)}`;
}
