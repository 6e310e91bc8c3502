import { Hono } from "hono";
import { APP_VERSION } from "../core/constants";
import type { AppInfo } from "../core/contract-schema";
import type { Config } from "./config";
import type { AppEnv } from "./http/env";

export const appInfoRoutes = (config: Pick<Config, "feedbackEmail">) =>
  new Hono<AppEnv>().get("/", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json({ version: APP_VERSION, feedbackEmail: config.feedbackEmail } satisfies AppInfo);
  });
