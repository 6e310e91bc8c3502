import { type FormEvent, useState } from "react";
import { messages } from "../../../core/messages";
import { Button } from "../../ui/button";
import { authClient } from "./auth-client";
import { authErrorMessage, runAuth } from "./auth-errors";
import { validateSignUp } from "./auth-validation";
import { Field, FormMessage, LinkButton } from "./form-controls";
import { ProviderButtons } from "./provider-buttons";
import type { ViewProps } from "./views";

/** SPEC §2 Create Account and §7 sign-up: the account, its display name and its profile in one call. */
export function SignUpForm({ email, setEmail, switchTo, initialError }: ViewProps) {
  const { account } = messages;
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const invalid = validateSignUp({ name, email, password, confirm });
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    const result = await runAuth(() =>
      authClient.signUp.email({ name: name.trim(), email: email.trim(), password }),
    );
    if (!result.ok) {
      setBusy(false);
      setError(authErrorMessage("signUp", result.failure));
    }
  };

  return (
    <>
      <form noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <FormMessage tone="error" message={error} />
        <div className="flex flex-col gap-4">
          <Field
            label={account.nameLabel}
            name="name"
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
          />
          <Field
            label={account.emailLabel}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Field
            label={account.passwordLabel}
            hint={account.passwordHint}
            type="password"
            name="new-password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Field
            label={account.confirmPasswordLabel}
            type="password"
            name="confirm-password"
            autoComplete="new-password"
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
          <Button type="submit" variant="primary" className="min-h-11 w-full" disabled={busy}>
            {busy ? account.signingUp : account.signUpButton}
          </Button>
        </div>
      </form>
      <ProviderButtons mode="signUp" disabled={busy} onBusy={setBusy} onError={setError} />
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        {account.haveAccount}{" "}
        <LinkButton onClick={() => switchTo("login")}>{account.signInButton}</LinkButton>
      </p>
    </>
  );
}
