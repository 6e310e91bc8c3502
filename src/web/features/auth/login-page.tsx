import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { messages } from "../../../core/messages";
import { authErrorMessage } from "./auth-errors";
import { AuthLayout } from "./auth-layout";
import { providerFlow } from "./providers";
import { ResetRequestForm } from "./reset-request-form";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";
import { AUTH_VIEWS, type AuthView } from "./views";

const { account } = messages;
const TITLES: Record<AuthView, [string, string]> = {
  login: [account.signInTitle, account.signInIntro],
  signup: [account.signUpTitle, account.signUpIntro],
  resetPassword: [account.resetTitle, account.resetIntro],
};

/** After a full-page provider redirect failed, Better Auth brings the user back with ?error=CODE. */
function redirectError(params: URLSearchParams, view: AuthView): string | null {
  const code = params.get("error");
  if (!code) return null;
  const kind = params.get("provider") === "google" ? "google" : "oidc";
  const flow = providerFlow(kind, view === "signup" ? "signUp" : "signIn");
  return authErrorMessage(flow, { code });
}

/** /login: the Sign In, Create Account and Reset Password views, switched inside the page. */
export function LoginPage() {
  const [params, setParams] = useSearchParams();
  const [view, setView] = useState<AuthView>(
    () => AUTH_VIEWS.find((v) => v === params.get("view")) ?? "login",
  );
  const [initialError, setInitialError] = useState(() => redirectError(params, view));
  const [email, setEmail] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const switched = useRef(false);

  useEffect(() => {
    if (params.size > 0) setParams({}, { replace: true }); // the error was read once; a reload starts clean
  }, [params, setParams]);

  useEffect(() => {
    // Focus moves to the new view's heading when the user switched views, never on first load.
    if (switched.current) heading.current?.focus();
  }, [view]);

  const switchTo = (next: AuthView) => {
    switched.current = true;
    setInitialError(null);
    setView(next);
  };
  const props = { email, setEmail, switchTo, initialError };
  const [title, intro] = TITLES[view];
  return (
    <AuthLayout title={title} intro={intro} headingRef={heading}>
      {view === "login" && <SignInForm key="login" {...props} />}
      {view === "signup" && <SignUpForm key="signup" {...props} />}
      {view === "resetPassword" && <ResetRequestForm key="reset" {...props} />}
    </AuthLayout>
  );
}
