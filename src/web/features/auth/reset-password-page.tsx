import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { messages } from "../../../core/messages";
import { authClient } from "../../lib/auth-client";
import { authErrorMessage, runAuth } from "./auth-errors";
import { validateNewPassword } from "./auth-validation";
import { AuthLayout } from "./auth-layout";
import { resetPasswordCopy } from "./reset-password-copy";
import { AccountForm, FormFooter, FormMessage, NewPasswordFields } from "../../ui/form-controls";

const { account } = messages;
const linkClass = "font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300";

/** The page the reset mail links to (/reset-password?token=...): sets the new password; other sessions end. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [error, setError] = useState<string | null>(token ? null : account.resetLinkInvalid);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const invalid = validateNewPassword({ password, confirm });
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    const result = await runAuth(() => authClient.resetPassword({ newPassword: password, token }));
    setBusy(false);
    if (!result.ok) return setError(authErrorMessage("newPassword", result.failure));
    setDone(true);
    // Every session of the account was revoked, this browser's too: let the app notice now.
    authClient.$store.notify("$sessionSignal");
  };

  if (done || !token) {
    return (
      <AuthLayout title={account.newPasswordTitle}>
        <FormMessage
          tone={done ? "success" : "error"}
          message={done ? account.newPasswordDone : error}
          className=""
        />
        <p className="mt-6 text-sm">
          <Link to={done ? "/login" : "/login?view=resetPassword"} className={linkClass}>
            {done ? account.goToSignIn : account.resetTitle}
          </Link>
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={account.newPasswordTitle} intro={account.newPasswordIntro}>
      <AccountForm
        busy={busy}
        error={error}
        onSubmit={submit}
        label={account.newPasswordButton}
        busyLabel={account.saving}
      >
        <p className="text-sm text-slate-600 dark:text-slate-400">{resetPasswordCopy.endsAccess}</p>
        <NewPasswordFields
          label={account.newPasswordLabel}
          confirmLabel={account.confirmNewPasswordLabel}
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
        />
      </AccountForm>
      <FormFooter>
        <Link to="/login" className={linkClass}>
          {account.backToSignIn}
        </Link>
      </FormFooter>
    </AuthLayout>
  );
}
