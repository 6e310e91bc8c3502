import { LogoMark } from "../ui/logo";
import { messages, PRODUCT_NAME } from "../../core/messages/first-screen";

/** index.html's splash, painted before any script runs; SessionGate removes it once the app can show. */
export function staticSplash(): HTMLElement | null {
  return document.getElementById("splash");
}

/** Removes index.html's splash, and the hidden text beside it that loads the app's font weights during its paint. */
export function removeStaticSplash(): void {
  staticSplash()?.remove();
  document.getElementById("font-warm")?.remove();
}

/**
 * How long index.html's splash has been on screen, on the page's clock: index.html's start script notes when it
 * painted (the app's code loads after that paint, docs/decisions/0060-web-start.md); 0 where nothing was
 * noted (development, or a page that started hidden), so the minimum then counts from the caller's call.
 */
export function splashShownFor(): number {
  const paintedAt = Number(staticSplash()?.dataset.paintedAt ?? Number.NaN);
  return Number.isFinite(paintedAt) ? Math.max(0, performance.now() - paintedAt) : 0;
}

/**
 * Shown while the session loads, for at least SPLASH_MIN_MS. While index.html's identical splash is on
 * the page it stays, and nothing is drawn here: a second copy would be a later paint of the same size, which
 * Chromium can count as the page's largest (LCP) and so move it past the main script's download.
 */
export function Splash() {
  if (staticSplash()) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="splash"
      className="fixed inset-0 z-50 flex min-h-dvh flex-col items-center justify-center gap-5 bg-slate-50 px-6 text-center dark:bg-slate-950"
    >
      <LogoMark className="size-16 hs-breathe" />
      <p className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">{PRODUCT_NAME}</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">{messages.shell.loadingDay}</p>
    </div>
  );
}
