import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { normalizeName, sanitizeName } from "../../core/name";
import { nameProblem } from "../../core/name-texts";
import { defaultDisplayName } from "../profile/profile.repo";
import { PhotoUrlSchema } from "../../core/contract-schema";

export const USER_FIELD_CODES = { INVALID_NAME: "INVALID_NAME", INVALID_IMAGE: "INVALID_IMAGE" } as const;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const isHttpsImage = (v: unknown): v is string => PhotoUrlSchema.safeParse(v).success;

const refuse = (code: keyof typeof USER_FIELD_CODES, message: string) =>
  new APIError("BAD_REQUEST", { code: USER_FIELD_CODES[code], message });

/**
 * What a person types at sign-up and in update-user follows the profile's rules: a bad name or image is
 * a 400, a good name is stored trimmed and NFC-normalised. A blank sign-up name means "none": the default applies.
 */
export const userFieldRules = () =>
  ({
    id: "habit-streaks-user-fields",
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === "/sign-up/email" || ctx.path === "/update-user",
          handler: createAuthMiddleware(async (ctx) => {
            const body: unknown = ctx.body;
            if (!isRecord(body)) return;
            const { name, image } = body;
            if (name !== undefined && typeof name !== "string")
              throw refuse("INVALID_NAME", "Display name must be text");
            if (image !== undefined && image !== null && !isHttpsImage(image))
              throw refuse("INVALID_IMAGE", "Photo URL must be an https URL");
            if (name === undefined || (ctx.path === "/sign-up/email" && name.trim() === "")) return;
            const problem = nameProblem(name, "Display name");
            if (problem) throw refuse("INVALID_NAME", problem);
            return { context: { body: { ...body, name: normalizeName(name) } } };
          }),
        },
      ],
    },
  }) satisfies BetterAuthPlugin;

/** Identity providers' fields are taken, not refused: a sign-in must not fail on a provider's name or http image. */
const providerImage = (image: unknown): string | null => (isHttpsImage(image) ? image : null);

type NewUser = { name: string; email: string; image?: string | null };
type UserUpdate = { name?: string; image?: string | null };

/** The database hooks that keep every stored user row within the rule, whatever endpoint wrote it. */
export const userFieldHooks = {
  create: {
    before: async <U extends NewUser>(user: U) => ({
      data: {
        ...user,
        name: sanitizeName(user.name) || sanitizeName(defaultDisplayName(user.email)),
        image: providerImage(user.image),
      },
    }),
  },
  update: {
    before: async <U extends UserUpdate>(user: U) => ({
      data: {
        ...user,
        // undefined leaves the column as it is: a provider's name with nothing left to store keeps the old one.
        ...(typeof user.name === "string" && { name: sanitizeName(user.name) || undefined }),
        ...(user.image !== undefined && { image: providerImage(user.image) }),
      },
    }),
  },
};
