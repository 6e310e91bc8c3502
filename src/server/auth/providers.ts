import type { Handler } from "hono";
import type { Config } from "../config";
import { OIDC_PROVIDER_ID } from "./auth";

/** GET /api/auth-providers: which sign-in buttons the login page shows (public; no secrets). */
export type AuthProviders = { google: boolean; oidc: { id: string; label: string } | null };

export function authProviders(config: Config): AuthProviders {
  return {
    google: config.google !== null,
    oidc: config.oidc ? { id: OIDC_PROVIDER_ID, label: config.oidc.label } : null,
  };
}

export const authProvidersRoute =
  (config: Config): Handler =>
  (c) =>
    c.json(authProviders(config));
