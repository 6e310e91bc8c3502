import type { Db } from "../db/database";

export type NewProfile = { userId: string; email: string; name?: string | null; image?: string | null };

/** SPEC §3: the display name defaults to the part of the email before the @. */
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
      theme: "light",
      notifications: 1,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
}
