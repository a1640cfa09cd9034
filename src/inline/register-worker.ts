// Registers the tenant's service worker (src/service-worker/worker.ts), which keeps the booth's
// pages working when the network drops for a moment. After the page has loaded, so the worker's
// first downloads never compete with the page's own.
export function run({ url, scope }: { url: string; scope: string }) {
  if (!('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register(url, { scope }).catch(() => {});
  if (document.readyState === 'complete') register();
  else addEventListener('load', register);
}
