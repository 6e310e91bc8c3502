import { useId, type ReactNode } from "react";

export const mutedText = "text-sm text-slate-600 dark:text-slate-300";

/** One card of the Settings screen, labelled by its heading for screen-reader landmarks. */
export function SettingsSection({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      data-testid={testId}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <div className="mt-2">{children}</div>
    </section>
  );
}
