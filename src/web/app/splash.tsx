import { LogoMark } from "../ui/logo";

/** SPEC §2: shown while the session loads, for at least SPLASH_MIN_MS. */
export function Splash() {
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="splash"
      className="flex min-h-dvh flex-col items-center justify-center gap-5 bg-slate-50 px-6 text-center dark:bg-slate-950"
    >
      <LogoMark className="size-16 hs-breathe" />
      <p className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">Habit Streaks</p>
      <p className="text-sm text-slate-600 dark:text-slate-300">Loading your day…</p>
    </div>
  );
}
