// The name rule of name.ts as zod schemas, shared by habit names, group names, backup names and display names.
import { z } from "./zod-schema";
import { MAX_NAME_LENGTH, normalizeName, type NameLabel } from "./name";
import { nameCharacterProblem, nameMessages } from "./name-texts";

export const nameSchema = (label: NameLabel) => {
  const messages = nameMessages(label);
  return z
    .string()
    .overwrite(normalizeName)
    .min(1, messages.empty)
    .max(MAX_NAME_LENGTH, messages.tooLong)
    .superRefine((name, ctx) => {
      const problem = nameCharacterProblem(name, label);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });
};

export const DisplayNameSchema = nameSchema("Display name");

/** A group's name (sync ops, REST, backups). */
export const GroupNameSchema = nameSchema("Group name");
