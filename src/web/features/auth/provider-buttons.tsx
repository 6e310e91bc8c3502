import { useState } from "react";
import { messages } from "../../../core/messages";
import { Button } from "../../ui/button";
import { type AuthFailure, authErrorMessage } from "./auth-errors";
import { type ProviderMode, providerFlow, signInWithProvider, useProviders } from "./providers";

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" className="size-5" aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3 0 5.8 1.1 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

function KeyMark() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="8" cy="15" r="4" />
      <path d="M10.8 12.2L20 3M16 7l3 3M14 9l2 2" strokeLinecap="round" />
    </svg>
  );
}

type Props = {
  mode: ProviderMode;
  disabled: boolean;
  onBusy: (busy: boolean) => void;
  onError: (message: string | null) => void;
};

/** 'Sign in with Google' when Google is configured, and the OpenID Connect provider's own button. */
export function ProviderButtons({ mode, disabled, onBusy, onError }: Props) {
  const providers = useProviders(messages.account.google);
  const [pending, setPending] = useState<string | null>(null);
  if (providers.length === 0) return null;

  const start = async (id: string) => {
    const provider = providers.find((p) => p.id === id);
    if (!provider) return;
    onError(null);
    setPending(id);
    onBusy(true);
    const failure: AuthFailure | null = await signInWithProvider(provider, mode);
    setPending(null);
    onBusy(false);
    if (failure) onError(authErrorMessage(providerFlow(provider.kind, mode), failure));
  };

  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
        {messages.account.or}
        <span className="h-px flex-1 bg-slate-200 dark:bg-slate-700" />
      </div>
      <div className="mt-4 flex flex-col gap-3">
        {providers.map((p) => (
          <Button
            key={p.id}
            className="w-full min-h-11"
            disabled={disabled}
            aria-busy={pending === p.id}
            onClick={() => void start(p.id)}
          >
            {p.kind === "google" ? <GoogleMark /> : <KeyMark />}
            {p.label}
          </Button>
        ))}
      </div>
    </div>
  );
}
