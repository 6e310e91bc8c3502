import { useState } from "react";
import { messages } from "../../../core/messages";
import { authClient } from "../../lib/auth-client";
import { authErrorMessage, runAuth } from "./auth-errors";
import { validateSignUp } from "./auth-validation";
import {
  AccountForm,
  EmailField,
  Field,
  FormFooter,
  LinkButton,
  NewPasswordFields,
} from "../../ui/form-controls";
import { ProviderButtons } from "./provider-buttons";
import type { ViewProps } from "./views";

/** Create Account: the account, its display name and its profile in one call. */
export function SignUpForm({ email, setEmail, switchTo, initialError }: ViewProps) {
  const { account } = messages;
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(initialError);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
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
      <AccountForm
        busy={busy}
        error={error}
        onSubmit={submit}
        label={account.signUpButton}
        busyLabel={account.signingUp}
      >
        <Field
          label={account.nameLabel}
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <EmailField value={email} onValue={setEmail} />
        <NewPasswordFields
          label={account.passwordLabel}
          confirmLabel={account.confirmPasswordLabel}
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
        />
      </AccountForm>
      <ProviderButtons mode="signUp" disabled={busy} onBusy={setBusy} onError={setError} />
      <FormFooter muted>
        {account.haveAccount}{" "}
        <LinkButton onClick={() => switchTo("login")}>{account.signInButton}</LinkButton>
      </FormFooter>
    </>
  );
}
