import { randomUUID } from "node:crypto";
import { Hono, type MiddlewareHandler } from "hono";
import { z } from "zod";
import { contract } from "../../core/contract-schema";
import type { AppEnv } from "../http/env";
import { ApiError, errorText, notFound } from "../http/errors";
import { validate } from "../http/validation";
import { hashToken, newToken } from "./bearer";
import { requireRecentSignIn, type RecentSignInRule } from "./recent-sign-in";
import { deleteToken, insertTokenWithin, listTokens } from "./tokens.repo";

/** Tokens a user may hold at once: one per integration, with room to spare. */
export const API_TOKENS_MAX = 20;
const DAY_MS = 86_400_000;

const TokenParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** A stolen token must not be able to make itself a lasting twin: tokens are managed by a signed-in session only. */
const sessionOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.get("apiToken")) throw new ApiError(403, "FORBIDDEN", errorText("tokensSignedIn"));
  await next();
};

/** The API tokens' routes; making one needs a recent sign-in (recent-sign-in.ts). */
export const tokensRoutes = (recentSignIn: RecentSignInRule) =>
  new Hono<AppEnv>()
    .use("*", sessionOnly)
    .get("/", async (c) => c.json({ tokens: await listTokens(c.get("db"), c.get("user").id) }))
    .post("/", validate("json", contract["POST /api/tokens"].json), async (c) => {
      const db = c.get("db");
      const user = c.get("user");
      const now = c.get("now");
      const { name, scope, expiresInDays, currentPassword } = c.req.valid("json");
      await requireRecentSignIn(c, recentSignIn, currentPassword);
      const token = newToken();
      const row = {
        id: randomUUID(),
        user_id: user.id,
        name,
        token_hash: hashToken(token),
        scope,
        created_at: now.toISOString(),
        expires_at: expiresInDays ? new Date(now.getTime() + expiresInDays * DAY_MS).toISOString() : null,
        last_used_at: null,
      };
      const apiToken = await insertTokenWithin(db, row, API_TOKENS_MAX);
      if (!apiToken) throw new ApiError(409, "TOKEN_LIMIT", errorText("tokenLimit", { max: API_TOKENS_MAX }));
      // The one answer that carries the token: no cache may keep it.
      c.header("Cache-Control", "no-store");
      return c.json({ token, apiToken }, 201);
    })
    .delete("/:id", validate("param", TokenParamsSchema), async (c) => {
      const db = c.get("db");
      const user = c.get("user");
      if (!(await deleteToken(db, user.id, c.req.valid("param").id)))
        throw notFound("TOKEN_NOT_FOUND", "tokenNotFound");
      return c.json({ tokens: await listTokens(db, user.id) });
    });
