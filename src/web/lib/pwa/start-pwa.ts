/** After the page has loaded, registers the service worker (production builds only: Vite's dev server has none). */
export function startPwa() {
  if (!import.meta.env.PROD || !("serviceWorker" in navigator)) return;
  const start = () =>
    void import("./register-service-worker").then((m) => m.registerServiceWorker()).catch(() => undefined); // offline at first visit or blocked: the app works without it
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
}
