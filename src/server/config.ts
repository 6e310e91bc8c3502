import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";

export type OidcConfig = { issuer: string; clientId: string; clientSecret: string; label: string };

export type Config = {
  port: number;
  host: string;
  baseUrl: string;
  dataDir: string;
  databaseUrl: string;
  authSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  google: { clientId: string; clientSecret: string } | null;
  oidc: OidcConfig | null;
  trustedOrigins: string[];
  trustProxy: boolean;
  feedbackEmail: string;
  webDir: string;
  /** Per client address and window (seconds): sign-in attempts, sign-ups and reset mails. */
  rateLimit: { window: number; max: number; signUpMax: number; resetMax: number };
};

type Env = Record<string, string | undefined>;

const fail = (message: string): never => {
  throw new Error(`Configuration error: ${message}`);
};

/** The secret is generated once and kept under the data folder, so sessions survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Env = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    fail(`PORT must be a port number, got "${env.PORT}"`);
  const dataDir = resolve(env.DATA_DIR ?? "data");
  mkdirSync(dataDir, { recursive: true });
  const baseUrl = (env.BASE_URL ?? `http://localhost:${port}`).replace(/\/+$/, "");
  if (!/^https?:\/\//.test(baseUrl)) fail(`BASE_URL must start with http:// or https://, got "${baseUrl}"`);
  const databaseUrl = env.DATABASE_URL ?? `sqlite:${join(dataDir, "habit-streaks.db")}`;
  const authSecret = env.AUTH_SECRET ?? loadOrCreateSecret(dataDir);
  if (authSecret.length < 32) fail("AUTH_SECRET must be at least 32 characters");
  const google =
    env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
      ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }
      : null;
  const oidc =
    env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET
      ? {
          issuer: env.OIDC_ISSUER.replace(/\/+$/, ""),
          clientId: env.OIDC_CLIENT_ID,
          clientSecret: env.OIDC_CLIENT_SECRET,
          label: env.OIDC_LABEL ?? "Sign in with SSO",
        }
      : null;
  const extraOrigins = (env.TRUSTED_ORIGINS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  return {
    port,
    host: env.HOST ?? "0.0.0.0",
    baseUrl,
    dataDir,
    databaseUrl,
    authSecret,
    smtpUrl: env.SMTP_URL || null,
    mailFrom: env.MAIL_FROM ?? "Habit Streaks <no-reply@localhost>",
    google,
    oidc,
    trustedOrigins: [new URL(baseUrl).origin, ...extraOrigins],
    trustProxy: env.TRUST_PROXY === "true" || env.TRUST_PROXY === "1",
    feedbackEmail: env.FEEDBACK_EMAIL ?? "feedback@example.com",
    webDir: resolve(env.WEB_DIR ?? "dist/web"),
    rateLimit: {
      window: Number(env.SIGN_IN_RATE_WINDOW ?? 60),
      max: Number(env.SIGN_IN_RATE_MAX ?? 5),
      signUpMax: Number(env.SIGN_UP_RATE_MAX ?? 5),
      resetMax: Number(env.RESET_RATE_MAX ?? 3),
    },
  };
}
