import { z } from "zod";
import { MAX_NAME_LENGTH } from "../../core/name";
import { DisplayNameSchema } from "../../core/name-schema";

export const MAX_DISPLAY_NAME_LENGTH = MAX_NAME_LENGTH;
export const MAX_PHOTO_URL_LENGTH = 2048;

// Only https: the photo is shown as an image on an https page, never followed as a javascript: or data: link.
export const PhotoUrlSchema = z
  .url({ protocol: /^https$/, error: "must be an https URL" })
  .max(MAX_PHOTO_URL_LENGTH, `must be at most ${MAX_PHOTO_URL_LENGTH} characters`);

/** PATCH /api/profile. The email is read-only (SPEC §2 Profile), so it is an unknown field here. */
export const ProfilePatchSchema = z.strictObject({
  displayName: DisplayNameSchema.optional(),
  photoURL: PhotoUrlSchema.nullable().optional(),
  preferences: z
    .strictObject({
      theme: z.enum(["light", "dark"], { error: "must be light or dark" }).optional(),
      notifications: z.boolean({ error: "must be true or false" }).optional(),
    })
    .optional(),
});
