import { Hono } from "hono";
import { APP_VERSION } from "../core/constants";
import type { Config } from "./config";
import type { AppEnv } from "./http/env";

/** Public, non-secret facts the Settings screen shows (About and the feedback link). */
export type AppInfo = { version: string; feedbackEmail: string };

export const appInfoRoutes = (config: Pick<Config, "feedbackEmail">) =>
  new Hono<AppEnv>().get("/", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json({ version: APP_VERSION, feedbackEmail: config.feedbackEmail } satisfies AppInfo);
  });
