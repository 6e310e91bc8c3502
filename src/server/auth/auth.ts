import { betterAuth } from "better-auth";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db/database";
import { createProfile } from "../profile/profile.repo";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../core/constants";

export type AuthDeps = { config: Config; database: DatabaseHandle; now?: () => Date };

export function createAuth({ config, database, now = () => new Date() }: AuthDeps) {
  return betterAuth({
    appName: "Habit Streaks",
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: { db: database.db, type: database.dialect },
    trustedOrigins: config.trustedOrigins,
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
    },
    databaseHooks: {
      user: {
        create: {
          // SPEC §7 sign-up sequence: the profile document is created with the account.
          after: async (user) => {
            await createProfile(
              database.db,
              { userId: user.id, email: user.email, name: user.name, image: user.image },
              now(),
            );
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
