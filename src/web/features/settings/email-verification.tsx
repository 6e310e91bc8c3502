import { useState } from "react";
import { messages } from "../../../core/messages";
import { resendVerification, type ResendOutcome } from "../../lib/reminders/verification";
import { Button } from "../../ui/button";
import { mutedText } from "../../ui/settings-section";

const copy = messages.reminderSettings;

type ResendState = "idle" | "sending" | ResendOutcome;

/**
 * The e-mail digest's address while nobody has confirmed it (docs/decisions/0053-mail-only-to-verified-addresses.md):
 * what to do, and the button that mails the link again.
 */
export function EmailVerification({ email }: { email: string }) {
  const [state, setState] = useState<ResendState>("idle");
  const resend = async () => {
    setState("sending");
    setState(await resendVerification(email));
  };
  const failure =
    state === "limited" ? copy.verificationLimited : state === "failed" ? copy.verificationFailed : null;
  return (
    <div className="space-y-2" data-testid="reminder-email-verify">
      <p className="text-sm font-medium text-slate-900 dark:text-white">{copy.emailVerify}</p>
      <p className={mutedText}>{copy.emailVerifyHelp(email)}</p>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => void resend()} disabled={state === "sending"}>
          {copy.resendVerification}
        </Button>
        <p role="status" className={mutedText}>
          {state === "sending"
            ? copy.verificationSending
            : state === "sent"
              ? copy.verificationSent(email)
              : ""}
        </p>
      </div>
      {failure && (
        <p role="alert" className="text-sm font-medium text-rose-700 dark:text-rose-300">
          {failure}
        </p>
      )}
    </div>
  );
}
