import type { Selectable } from "kysely";
import type { Db } from "../db/database";
import type { ProfileTable } from "../db/schema";

export type NewProfile = {
  userId: string;
  email: string;
  name?: string | null;
  image?: string | null;
  /** The sign-up request's language, matched to LOCALES (profile/account-locale.ts). */
  signupLanguage?: string | null;
};

/** The display name defaults to the part of the email before the @. */
export function defaultDisplayName(email: string): string {
  return email.split("@")[0] || email;
}

export async function createProfile(db: Db, p: NewProfile, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("profiles")
    .values({
      user_id: p.userId,
      email: p.email,
      display_name: p.name?.trim() || defaultDisplayName(p.email),
      photo_url: p.image ?? null,
      // Named only when known: tests build databases as older releases left them (test/support/old-database.ts).
      ...(p.signupLanguage && { signup_language: p.signupLanguage }),
      theme: "light",
      notifications: 1,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}

export type Profile = {
  id: string;
  email: string;
  displayName: string;
  photoURL: string | null;
  preferences: { theme: "light" | "dark"; notifications: boolean; language: string | null };
  createdAt: string;
  updatedAt: string;
};

export type ProfilePatch = {
  displayName?: string;
  photoURL?: string | null;
  preferences?: { theme?: "light" | "dark"; notifications?: boolean; language?: string | null };
};

function toProfile(row: Selectable<ProfileTable>): Profile {
  return {
    id: row.user_id,
    email: row.email,
    displayName: row.display_name,
    photoURL: row.photo_url,
    preferences: { theme: row.theme, notifications: row.notifications !== 0, language: row.language },
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function getProfile(db: Db, userId: string): Promise<Profile | undefined> {
  const row = await db.selectFrom("profiles").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return row && toProfile(row);
}

/** Only the given fields change; an empty patch changes nothing, not even updatedAt. */
export async function updateProfile(
  db: Db,
  userId: string,
  patch: ProfilePatch,
  now: Date,
): Promise<Profile | undefined> {
  const { theme, notifications, language } = patch.preferences ?? {};
  const values = {
    ...(patch.displayName !== undefined && { display_name: patch.displayName }),
    ...(patch.photoURL !== undefined && { photo_url: patch.photoURL }),
    ...(theme !== undefined && { theme }),
    ...(notifications !== undefined && { notifications: notifications ? 1 : 0 }), // better-sqlite3 binds no booleans
    ...(language !== undefined && { language }),
  };
  if (Object.keys(values).length === 0) return getProfile(db, userId);
  const row = await db
    .updateTable("profiles")
    .set({ ...values, updated_at: now.toISOString() })
    .where("user_id", "=", userId)
    .returningAll()
    .executeTakeFirst();
  return row && toProfile(row);
}
