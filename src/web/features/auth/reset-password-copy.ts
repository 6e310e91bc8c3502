// Texts of the reset-password page that the product does not fix.

export const resetPasswordCopy = {
  // Said before the change: a reset ends every session and every API token (docs/decisions/0055).
  endsAccess:
    "Setting a new password signs you out on all your devices and revokes your API tokens: scripts and apps " +
    "that use them stop working until you create new tokens in Settings.",
} as const;
