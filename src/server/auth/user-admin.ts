import type { Auth } from "./auth";

export type UserSummary = { email: string; name: string; disabled: boolean; createdAt: string };

type AdminUser = {
  id: string;
  email: string;
  name: string;
  banned?: boolean | null;
  createdAt: Date | string;
};

async function adapter(auth: Auth) {
  return (await auth.$context).internalAdapter;
}

async function findUser(auth: Auth, email: string): Promise<AdminUser> {
  const found = await (await adapter(auth)).findUserByEmail(email.trim().toLowerCase());
  if (!found) throw new Error(`No account with the email ${email}`);
  return found.user as AdminUser;
}

/** Disables (bans) an account and ends all of its sessions; signing in then shows the user-disabled text. */
export async function disableUser(auth: Auth, email: string): Promise<void> {
  const user = await findUser(auth, email);
  const internal = await adapter(auth);
  await internal.updateUser(user.id, {
    banned: true,
    banReason: "Disabled by an operator",
    banExpires: null,
  });
  await internal.deleteUserSessions(user.id);
}

export async function enableUser(auth: Auth, email: string): Promise<void> {
  const user = await findUser(auth, email);
  await (await adapter(auth)).updateUser(user.id, { banned: false, banReason: null, banExpires: null });
}

export async function listUsers(auth: Auth): Promise<UserSummary[]> {
  const users = (await (
    await adapter(auth)
  ).listUsers(undefined, undefined, { field: "createdAt", direction: "asc" })) as AdminUser[];
  return users.map((u) => ({
    email: u.email,
    name: u.name,
    disabled: u.banned === true,
    createdAt: new Date(u.createdAt).toISOString(),
  }));
}
