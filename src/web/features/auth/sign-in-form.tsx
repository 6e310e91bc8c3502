import { type FormEvent, useState } from "react";
import { messages } from "../../../core/messages";
import { Button } from "../../ui/button";
import { authClient } from "./auth-client";
import { authErrorMessage, runAuth } from "./auth-errors";
import { validateSignIn } from "./auth-validation";
import { Field, FormMessage, LinkButton } from "./form-controls";
import { ProviderButtons } from "./provider-buttons";
import type { ViewProps } from "./views";

/** SPEC §2 Sign In: email, password, the forgot-password link and the provider buttons. */
export function SignInForm({ email, setEmail, switchTo, initialError }: ViewProps) {
  const { account } = messages;
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateSignIn({ email, password });
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    const result = await runAuth(() => authClient.signIn.email({ email: email.trim(), password }));
    // On success the session refresh sends the user on to / (SPEC §2), so the form stays busy.
    if (!result.ok) {
      setBusy(false);
      setError(authErrorMessage("signIn", result.failure));
    }
  };

  return (
    <>
      <form noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <FormMessage tone="error" message={error} />
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
          <div>
            <Field
              label={account.passwordLabel}
              type="password"
              name="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <div className="mt-2 text-right text-sm">
              <LinkButton onClick={() => switchTo("resetPassword")}>{account.forgotPassword}</LinkButton>
            </div>
          </div>
          <Button type="submit" variant="primary" className="min-h-11 w-full" disabled={busy}>
            {busy ? account.signingIn : account.signInButton}
          </Button>
        </div>
      </form>
      <ProviderButtons mode="signIn" disabled={busy} onBusy={setBusy} onError={setError} />
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        {account.noAccount} <LinkButton onClick={() => switchTo("signup")}>{account.createOne}</LinkButton>
      </p>
    </>
  );
}
