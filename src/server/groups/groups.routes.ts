// /api/groups: the user's groups of habits over REST (docs/product.md, "Groups"), the same writes as the sync ops
// (groups.repo.ts). The web app changes groups by sync ops; these routes are for API tokens and scripts.
import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../http/env";
import { jsonAnswer } from "../http/cached-body";
import { validate } from "../http/validation";
import { GroupPatchSchema, NewGroupSchema } from "../../core/contract-schema";
import { createGroup, deleteGroup, readGroups, updateGroup } from "./groups.repo";

export const GroupParamsSchema = z.object({ id: z.uuid({ error: "must be a group id (a UUID)" }) });

export const groupsRoutes = () =>
  new Hono<AppEnv>()
    .get("/", async (c) => jsonAnswer(c, { groups: await readGroups(c.get("db"), c.get("user").id) }))
    .post("/", validate("json", NewGroupSchema), async (c) => {
      const { name, folded } = c.req.valid("json");
      const group = await createGroup(c.get("db"), c.get("user").id, { id: randomUUID(), name, folded });
      return jsonAnswer(c, group, 201);
    })
    .patch("/:id", validate("param", GroupParamsSchema), validate("json", GroupPatchSchema), async (c) => {
      const { id } = c.req.valid("param");
      return jsonAnswer(c, await updateGroup(c.get("db"), c.get("user").id, id, c.req.valid("json")));
    })
    .delete("/:id", validate("param", GroupParamsSchema), async (c) => {
      await deleteGroup(c.get("db"), c.get("user").id, c.req.valid("param").id, c.get("now"));
      return c.body(null, 204);
    });
