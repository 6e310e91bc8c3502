import { Hono, type Context } from "hono";
import type { AppEnv } from "../http/env";
import { notFound } from "../http/errors";
import { validate } from "../http/validation";
import { createProfile, getProfile, updateProfile, type Profile } from "./profile.repo";
import { contract } from "../../core/contract-schema";

/** The profile is created at sign-up; should that ever have failed, the first read creates it. */
async function loadProfile(c: Context<AppEnv>): Promise<Profile> {
  const db = c.get("db");
  const user = c.get("user");
  const now = c.get("now");
  const existing = await getProfile(db, user.id);
  if (existing) return existing;
  await createProfile(db, { userId: user.id, email: user.email, name: user.name }, now);
  const created = await getProfile(db, user.id);
  if (!created) throw notFound("PROFILE_NOT_FOUND", "profileNotFound");
  return created;
}

export const profileRoutes = new Hono<AppEnv>()
  .get("/", async (c) => c.json(await loadProfile(c)))
  .patch("/", validate("json", contract["PATCH /api/profile"].json), async (c) => {
    await loadProfile(c);
    const profile = await updateProfile(c.get("db"), c.get("user").id, c.req.valid("json"), c.get("now"));
    if (!profile) throw notFound("PROFILE_NOT_FOUND", "profileNotFound");
    return c.json(profile);
  });
