// The e-mail verification mail asked for again from Settings (docs/decisions/0053-mail-only-to-verified-addresses.md):
// Better Auth's own endpoint, limited per client address like reset mails. Nothing here shows text.
export type ResendOutcome = "sent" | "limited" | "failed";

export async function resendVerification(email: string): Promise<ResendOutcome> {
  try {
    const { authClient } = await import("../auth-client");
    // The link lands on Settings, which then shows the address as verified.
    const { error } = await authClient.sendVerificationEmail({ email, callbackURL: "/settings" });
    if (!error) return "sent";
    return error.status === 429 ? "limited" : "failed";
  } catch {
    return "failed";
  }
}
