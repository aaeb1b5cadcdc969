// The browser's side of the service worker (/sw.js, scope "/"): registered on every page once
// the page has loaded and the browser is idle, so it never competes with the first screen.
// Without JavaScript there is no worker, and every page works as before.

export const SERVICE_WORKER_URL = "/sw.js";

/** Registers the worker after the page's load, when the browser has nothing else to do. */
export function registerServiceWorkerWhenIdle(): void {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  const register = () => void navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" }).catch(() => undefined);
  const whenIdle = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(register, { timeout: 5000 }) : setTimeout(register, 1000));
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
}
