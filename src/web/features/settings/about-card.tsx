import { APP_VERSION } from "../../../core/constants";
import { PRODUCT_NAME } from "../../../core/messages";
import { settingsCopy } from "./settings-copy";
import { SettingsSection, mutedText } from "../../ui/settings-section";

const linkButton =
  "inline-flex min-h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 shadow-sm transition-colors hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800";

export function AboutCard() {
  const { about } = settingsCopy;
  return (
    <SettingsSection title={about.title} testId="settings-about">
      <p className="font-semibold text-slate-900 dark:text-white">
        {PRODUCT_NAME}{" "}
        <span className="font-normal text-slate-600 dark:text-slate-300">
          {about.version} <span data-testid="app-version">{APP_VERSION}</span>
        </span>
      </p>
      <p className={`mt-1 ${mutedText}`}>{about.description}</p>
    </SettingsSection>
  );
}

export function ComingSoonCard() {
  const { comingSoon } = settingsCopy;
  return (
    <SettingsSection title={comingSoon.title} testId="settings-coming-soon">
      <ul className={`grid gap-1.5 ${mutedText}`}>
        {comingSoon.items.map((item) => (
          <li key={item} className="flex items-start gap-2">
            <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rounded-full bg-indigo-500" />
            {item}
          </li>
        ))}
      </ul>
    </SettingsSection>
  );
}

/** The feedback mail link; the address comes from the server's FEEDBACK_EMAIL (GET /api/app-info). */
export function FeedbackCard({
  feedbackEmail,
  failed,
}: {
  feedbackEmail: string | undefined;
  failed: boolean;
}) {
  const { feedback } = settingsCopy;
  const href = feedbackEmail && `mailto:${feedbackEmail}?subject=${encodeURIComponent(feedback.subject)}`;
  return (
    <SettingsSection title={feedback.title} testId="settings-feedback">
      <p className={mutedText}>{feedback.description}</p>
      {href ? (
        <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
          <a href={href} className={linkButton}>
            {feedback.link}
          </a>
          <span className="text-sm break-all text-slate-600 dark:text-slate-300" data-testid="feedback-email">
            {feedbackEmail}
          </span>
        </p>
      ) : (
        <p role="status" className={`mt-3 ${mutedText}`}>
          {failed ? feedback.unavailable : feedback.loading}
        </p>
      )}
    </SettingsSection>
  );
}
