import { type FormEvent, useState } from "react";
import { messages } from "../../../core/messages";
import { Button } from "../../ui/button";
import { authClient } from "./auth-client";
import { authErrorMessage, runAuth } from "./auth-errors";
import { validateReset } from "./auth-validation";
import { Field, FormMessage, LinkButton } from "./form-controls";
import type { ViewProps } from "./views";

/** SPEC §2 Reset Password: one email field; the mailed link opens /reset-password?token=... */
export function ResetRequestForm({ email, setEmail, switchTo }: ViewProps) {
  const { account } = messages;
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
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
      <form noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <FormMessage tone="error" message={error} />
        <FormMessage tone="success" message={sent ? messages.reset.success : null} />
        <div className="flex flex-col gap-4">
          <Field
            label={account.emailLabel}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button type="submit" variant="primary" className="min-h-11 w-full" disabled={busy}>
            {busy ? account.sending : account.resetButton}
          </Button>
        </div>
      </form>
      <p className="mt-6 text-center text-sm">
        <LinkButton onClick={() => switchTo("login")}>{account.backToSignIn}</LinkButton>
      </p>
    </>
  );
}
