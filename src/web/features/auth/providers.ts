import { useEffect, useState } from "react";
import type { AuthProviders } from "../../../core/contract-schema";
import { apiRequest } from "../../lib/api-request";
import { authClient } from "../../lib/auth-client";
import { type AuthFailure, type AuthFlow, runAuth } from "./auth-errors";
import { LATE_RESULT_MS, listenForPopupResult, type PopupResultListener } from "./popup-result";

export type Provider = { id: string; kind: "google" | "oidc"; label: string };
export type ProviderMode = "signIn" | "signUp";

// Read once per page load, outside React Query: the signed-out screens clear its cache.
let request: Promise<AuthProviders | null> | null = null;
function loadProviders(): Promise<AuthProviders | null> {
  request ??= apiRequest("GET /api/auth-providers").catch(() => {
    request = null; // no buttons this time; the next visit asks again
    return null;
  });
  return request;
}

/** The sign-in buttons this server offers (GET /api/auth-providers); none while loading or on failure. */
export function useProviders(googleLabel: string): Provider[] {
  const [data, setData] = useState<AuthProviders | null>(null);
  useEffect(() => {
    let live = true;
    void loadProviders().then((loaded) => live && setData(loaded));
    return () => {
      live = false;
    };
  }, []);
  if (!data) return [];
  return [
    ...(data.google ? [{ id: "google", kind: "google" as const, label: googleLabel }] : []),
    ...(data.oidc ? [{ id: data.oidc.id, kind: "oidc" as const, label: data.oidc.label }] : []),
  ];
}

export function providerFlow(kind: Provider["kind"], mode: ProviderMode): AuthFlow {
  if (kind === "google") return mode === "signIn" ? "googleSignIn" : "googleSignUp";
  return mode === "signIn" ? "providerSignIn" : "providerSignUp";
}

/** After Better Auth saw the popup closed: its outcome may still be on its way, or the session already there. */
async function afterPopupClosed(late: PopupResultListener, closed: AuthFailure): Promise<AuthFailure | null> {
  const result = await late.result(LATE_RESULT_MS);
  if (result && !result.signedIn) return { code: result.code, message: result.description || result.code };
  // Signed in (or the popup was closed with no word): the session cookie, if any, is set; as Better Auth does on
  // success, the session signal then brings the app's session up to date.
  const session = await runAuth(() => authClient.getSession());
  if (!session.ok || !session.data?.session) return result ? { code: "POPUP_SIGN_IN_FAILED" } : closed;
  authClient.$store.notify("$sessionSignal");
  return null;
}

/**
 * A popup; where the browser blocks it, a full-page redirect that comes back to /login with
 * ?error=... on failure. Resolves with the failure, or null once signed in (the session refresh moves the
 * user on) or while the page is leaving for the provider.
 */
export async function signInWithProvider(
  provider: Provider,
  mode: ProviderMode,
): Promise<AuthFailure | null> {
  const errorCallbackURL = `/login?view=${mode === "signIn" ? "login" : "signup"}&provider=${provider.kind}`;
  const late = listenForPopupResult();
  try {
    const popup = await runAuth(() =>
      authClient.signIn.popup({ provider: provider.id, callbackURL: "/", errorCallbackURL }),
    );
    if (popup.ok) return null;
    if (popup.failure.code === "POPUP_CLOSED") return await afterPopupClosed(late, popup.failure);
    if (popup.failure.code !== "POPUP_BLOCKED") return popup.failure;
  } finally {
    late.stop();
  }
  const redirect = await runAuth(() =>
    authClient.signIn.social({ provider: provider.id, callbackURL: "/", errorCallbackURL }),
  );
  return redirect.ok ? null : redirect.failure;
}
