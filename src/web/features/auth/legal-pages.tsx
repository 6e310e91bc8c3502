import { Link } from "react-router";
import { messages } from "../../../core/messages";
import { AuthLayout } from "./auth-layout";

function LegalPage({ title, body }: { title: string; body: string }) {
  return (
    <AuthLayout title={title} legal={false}>
      <p className="text-sm leading-6 text-slate-700 dark:text-slate-300">{body}</p>
      <p className="mt-6 text-sm">
        <Link
          to="/login"
          className="font-medium text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
        >
          {messages.account.backToSignIn}
        </Link>
      </p>
    </AuthLayout>
  );
}

/** The product gives no content for /terms and /privacy; these placeholders await the operator's texts. */
export function TermsPage() {
  return <LegalPage title={messages.account.terms} body={messages.account.termsBody} />;
}

export function PrivacyPage() {
  return <LegalPage title={messages.account.privacy} body={messages.account.privacyBody} />;
}
