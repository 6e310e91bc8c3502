import { useState } from "react";
import { messages } from "../../../core/messages";
import { authClient } from "../../lib/auth-client";
import { authErrorMessage, runAuth } from "./auth-errors";
import { validateSignIn } from "./auth-validation";
import { AccountForm, EmailField, FormFooter, LinkButton, PasswordField } from "../../ui/form-controls";
import { ProviderButtons } from "./provider-buttons";
import type { ViewProps } from "./views";

/** Sign In: email, password, the forgot-password link and the provider buttons. */
export function SignInForm({ email, setEmail, switchTo, initialError }: ViewProps) {
  const { account } = messages;
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const invalid = validateSignIn({ email, password });
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    const result = await runAuth(() => authClient.signIn.email({ email: email.trim(), password }));
    // On success the session refresh sends the user on to /, so the form stays busy.
    if (!result.ok) {
      setBusy(false);
      setError(authErrorMessage("signIn", result.failure));
    }
  };

  return (
    <>
      <AccountForm
        busy={busy}
        error={error}
        onSubmit={submit}
        label={account.signInButton}
        busyLabel={account.signingIn}
      >
        <EmailField value={email} onValue={setEmail} />
        <div>
          <PasswordField
            label={account.passwordLabel}
            name="password"
            autoComplete="current-password"
            value={password}
            onValue={setPassword}
          />
          <div className="mt-2 text-end text-sm">
            <LinkButton onClick={() => switchTo("resetPassword")}>{account.forgotPassword}</LinkButton>
          </div>
        </div>
      </AccountForm>
      <ProviderButtons mode="signIn" disabled={busy} onBusy={setBusy} onError={setError} />
      <FormFooter muted>
        {account.noAccount} <LinkButton onClick={() => switchTo("signup")}>{account.createOne}</LinkButton>
      </FormFooter>
    </>
  );
}
