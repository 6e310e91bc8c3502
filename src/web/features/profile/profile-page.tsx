import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { PROFILE_SUCCESS_MS } from "../../../core/constants";
import { messages } from "../../../core/messages";
import { Button } from "../../ui/button";
import { LogOutIcon } from "../../ui/icons";
import { failureText } from "../../lib/api";
import { authClient } from "../../lib/auth-client";
import { AccountForm, Field, FormMessage } from "../../ui/form-controls";
import type { Profile } from "../../lib/profile-query";
import { queryClient } from "../../lib/query-client";
import { useProfile } from "./use-profile";

const { account, profile: texts } = messages;

function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
  const { rename } = useProfile();
  const [name, setName] = useState(profile.displayName);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    setError(null);
    const displayName = name.trim();
    if (!displayName) return setError(messages.validation.displayNameEmpty);
    try {
      await rename.mutateAsync(displayName);
      setName(displayName);
      onSaved();
    } catch (error) {
      setError(failureText(error, texts.updateFailed));
    }
  };

  return (
    <AccountForm
      busy={rename.isPending}
      error={error}
      onSubmit={submit}
      label={account.saveProfile}
      busyLabel={account.saving}
      inline
    >
      <Field
        label={account.displayNameLabel}
        name="displayName"
        autoComplete="nickname"
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <Field
        label={account.emailLabel}
        hint={texts.emailReadOnly}
        type="email"
        name="email"
        value={profile.email}
        readOnly
      />
    </AccountForm>
  );
}

/** Profile: edit the display name, see the read-only email, sign out. */
export function ProfilePage() {
  const { query } = useProfile();
  const navigate = useNavigate();
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const [signOutError, setSignOutError] = useState<string | null>(null);
  const [signingOut, setSigningOut] = useState(false);

  // The success message shows for PROFILE_SUCCESS_MS after each save.
  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), PROFILE_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const signOut = async () => {
    setSignOutError(null);
    setSigningOut(true);
    try {
      const { error } = await authClient.signOut();
      if (error) throw new Error(error.message);
      queryClient.clear();
      navigate("/login", { replace: true });
    } catch {
      setSigningOut(false);
      setSignOutError(texts.logoutFailed);
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-white">
          {account.profileTitle}
        </h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{account.profileIntro}</p>
      </header>
      <section
        aria-label={account.profileTitle}
        className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6 dark:border-slate-800 dark:bg-slate-900"
      >
        <FormMessage tone="success" message={savedAt === null ? null : texts.updated} />
        {query.data ? (
          <ProfileForm profile={query.data} onSaved={() => setSavedAt(Date.now())} />
        ) : query.isError ? (
          <FormMessage tone="error" message={account.profileLoadFailed} className="" />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">{account.profileLoading}</p>
        )}
      </section>
      <section aria-label={messages.shell.profileSignOut}>
        <FormMessage tone="error" message={signOutError} className="mb-3" />
        <div>
          <Button onClick={() => void signOut()} disabled={signingOut}>
            <LogOutIcon size={18} />
            {signingOut ? account.signingOut : messages.shell.profileSignOut}
          </Button>
        </div>
      </section>
    </div>
  );
}
