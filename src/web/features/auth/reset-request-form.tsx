import { useState } from "react";
import { messages } from "../../../core/messages";
import { authClient } from "../../lib/auth-client";
import { authErrorMessage, runAuth } from "./auth-errors";
import { validateReset } from "./auth-validation";
import { AccountForm, EmailField, FormFooter, LinkButton } from "../../ui/form-controls";
import type { ViewProps } from "./views";

/** Reset Password: one email field; the mailed link opens /reset-password?token=... */
export function ResetRequestForm({ email, setEmail, switchTo }: ViewProps) {
  const { account } = messages;
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const invalid = validateReset({ email });
    setError(invalid);
    setSent(false);
    if (invalid) return;
    setBusy(true);
    const result = await runAuth(() =>
      authClient.requestPasswordReset({ email: email.trim(), redirectTo: "/reset-password" }),
    );
    setBusy(false);
    if (result.ok) setSent(true);
    else setError(authErrorMessage("reset", result.failure));
  };

  return (
    <>
      <AccountForm
        busy={busy}
        error={error}
        status={sent ? messages.reset.success : null}
        onSubmit={submit}
        label={account.resetButton}
        busyLabel={account.sending}
      >
        <EmailField value={email} onValue={setEmail} />
      </AccountForm>
      <FormFooter>
        <LinkButton onClick={() => switchTo("login")}>{account.backToSignIn}</LinkButton>
      </FormFooter>
    </>
  );
}
