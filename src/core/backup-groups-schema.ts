// A backup's groups (docs/decisions/0070), apart from backup-schema.ts so that the API contract (contract-schema.ts)
// can check an import's groups without building every schema of the backup file.
import { z } from "./zod-schema";
import { GroupNameSchema } from "./name-schema";
import { MAX_GROUPS } from "./sync";

/** The file's groups, in their order (optional: a file without groups, or of an earlier release, has none). */
export const BackupGroupsSchema = z
  .array(
    z.strictObject({
      name: GroupNameSchema,
      folded: z.boolean({ error: "must be true or false" }).optional(),
    }),
  )
  .max(MAX_GROUPS, `a backup holds at most ${MAX_GROUPS} groups`);

export type BackupGroupItem = z.infer<typeof BackupGroupsSchema>[number];
