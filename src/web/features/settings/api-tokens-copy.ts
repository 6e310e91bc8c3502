// Texts of Settings' API tokens card, which the product does not fix.
import type { ApiTokenScope } from "../../../core/contract";

const day = (iso: string) => new Date(iso).toLocaleDateString([], { dateStyle: "medium" });

export const apiTokensCopy = {
  title: "API tokens",
  description:
    "Personal tokens let scripts and apps such as Home Assistant or Shortcuts use your habits through the API, " +
    "sent as Authorization: Bearer <token>.",
  endsWithPassword:
    "Changing or resetting your password revokes every token: the scripts and apps that use them then need new ones.",
  reference: "API reference",
  name: "Token name",
  nameHint: "Where it is used, such as “Kitchen NFC tag”.",
  scope: "Access",
  scopes: { "read-only": "Read only", "read-write": "Read and change" } satisfies Record<
    ApiTokenScope,
    string
  >,
  expiry: "Expires",
  expiries: [
    [7, "In 7 days"],
    [30, "In 30 days"],
    [90, "In 90 days"],
    [365, "In a year"],
    [null, "Never"],
  ] as const,
  create: "Create token",
  creating: "Creating…",
  created: (name: string) => `Token “${name}” created. Copy it now: it will not be shown again.`,
  newToken: "New token",
  copy: "Copy token",
  copied: "Copied",
  copyFailed: "Copying failed: select the token and copy it yourself.",
  done: "Done",
  listTitle: "Your tokens",
  none: "No tokens yet.",
  loading: "Loading your tokens…",
  loadFailed: "Your tokens could not be loaded.",
  retry: "Try again",
  saveFailed: "That did not work. Please try again.",
  // A session signed in more than 10 minutes ago confirms it is the account's owner before a token is made.
  password: "Current password",
  passwordHint:
    "Signed in with Google or single sign-on, without a password? Sign out and sign in again, then create the token.",
  passwordNeeded: "To create a token, confirm it is you: enter your current password and create it again.",
  wrongPassword: "That password is not right. Please try again.",
  tooManyGuesses: "Too many password attempts. Please wait a minute and try again.",
  limit: "You have the most tokens allowed. Revoke one you no longer use first.",
  revoke: "Revoke",
  revokeLabel: (name: string) => `Revoke ${name}`,
  revoked: (name: string) => `Token “${name}” revoked.`,
  createdOn: (iso: string) => `Created ${day(iso)}`,
  lastUsed: (iso: string | null) => (iso ? `last used ${day(iso)}` : "never used"),
  expires: (iso: string | null) => (iso ? `expires ${day(iso)}` : "no expiry"),
} as const;
