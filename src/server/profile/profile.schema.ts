import { z } from "zod";
import { messages } from "../../core/messages";

export const MAX_DISPLAY_NAME_LENGTH = 100;
export const MAX_PHOTO_URL_LENGTH = 2048;

/** PATCH /api/profile. The email is read-only (SPEC §2 Profile), so it is an unknown field here. */
export const ProfilePatchSchema = z.strictObject({
  displayName: z
    .string()
    .trim()
    .min(1, messages.validation.displayNameEmpty)
    .max(MAX_DISPLAY_NAME_LENGTH, `Display name must be at most ${MAX_DISPLAY_NAME_LENGTH} characters`)
    .optional(),
  // Only web addresses: the photo is shown as an image, never followed as a javascript: or data: link.
  photoURL: z
    .url({ protocol: /^https?$/, error: "must be an http or https URL" })
    .max(MAX_PHOTO_URL_LENGTH, `must be at most ${MAX_PHOTO_URL_LENGTH} characters`)
    .nullable()
    .optional(),
  preferences: z
    .strictObject({
      theme: z.enum(["light", "dark"], { error: "must be light or dark" }).optional(),
      notifications: z.boolean({ error: "must be true or false" }).optional(),
    })
    .optional(),
});
