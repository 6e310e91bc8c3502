import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createECDH, randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { z } from "zod";
import { makePrivateDir } from "./private-files";

export type OidcConfig = { issuer: string; clientId: string; clientSecret: string; label: string };

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

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
  logLevel: LogLevel;
  /** Per client address and window (seconds): sign-in attempts, sign-ups and reset mails. */
  rateLimit: { window: number; max: number; signUpMax: number; resetMax: number };
  /** Per user: what one account may store, and how many API writes it may make a minute. */
  userLimits: { maxHabits: number; maxDays: number; writeRateMax: number };
  /** Open GET /api/sync/events streams this process holds at most, for all users together. */
  syncStreamsMax: number;
  /** Web Push: the VAPID key pair (base64url) and the contact the push services see. */
  vapid: VapidConfig;
  /** Push to private, loopback and IP-literal hosts and over plain http: tests and private deployments only. */
  pushAllowPrivateHosts: boolean;
};

export type VapidConfig = { publicKey: string; privateKey: string; subject: string };

type Env = Record<string, string | undefined>;

/** A bad variable: start-up stops with this message (main.ts exits with code 1). */
export class ConfigError extends Error {}

const int = (min: number, max: number, what: string) =>
  z
    .string()
    .regex(/^\d+$/, `expected ${what}: a whole number from ${min} to ${max}`)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, `expected ${what} from ${min} to ${max}`)
        .max(max, `expected ${what} from ${min} to ${max}`),
    );

const bool = z
  .enum(["true", "false", "1", "0"], { error: 'expected "true" or "false"' })
  .transform((v) => v === "true" || v === "1");

const httpUrl = (what: string) =>
  z
    .string()
    .refine(
      (v) => /^https?:\/\/[^/]/.test(v) && URL.canParse(v),
      `expected ${what} starting with http:// or https://`,
    )
    .transform((v) => v.replace(/\/+$/, ""));

const databaseUrl = z
  .string()
  .refine(
    (v) => (/^postgres(ql)?:\/\/[^/]/.test(v) && URL.canParse(v)) || /^sqlite:.+/.test(v) || v === ":memory:",
    "expected postgres://user:password@host:5432/database or sqlite:/path/to/file.db",
  );

const nonEmpty = (what: string) => z.string().min(1, `expected ${what}`);

const origins = z
  .string()
  .transform((v) =>
    v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().refine((v) => /^https?:\/\/[^/]+$/.test(v.replace(/\/+$/, "")) && URL.canParse(v), {
        error: (issue) =>
          `expected a comma-separated list of origins such as https://habits.example.com, got "${String(issue.input)}"`,
      }),
    ),
  )
  .transform((list) => list.map((v) => new URL(v).origin));

/** Every variable of the README's table: its type, range and default. Empty counts as unset. */
const EnvSchema = z.object({
  PORT: int(0, 65535, "a port number").default(3000),
  HOST: nonEmpty("a host name or address").default("0.0.0.0"),
  BASE_URL: httpUrl("the public URL").optional(),
  DATA_DIR: nonEmpty("a folder").default("data"),
  DATABASE_URL: databaseUrl.optional(),
  AUTH_SECRET: z.string().min(32, "expected at least 32 characters").optional(),
  SMTP_URL: z
    .string()
    .refine((v) => /^smtps?:\/\/[^/]/.test(v) && URL.canParse(v), "expected smtp://... or smtps://...")
    .optional(),
  MAIL_FROM: nonEmpty("a sender such as Habit Streaks <no-reply@example.com>").default(
    "Habit Streaks <no-reply@localhost>",
  ),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: httpUrl("the issuer URL").optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_LABEL: z.string().max(60, "expected at most 60 characters").default("Sign in with SSO"),
  TRUST_PROXY: bool.default(false),
  TRUSTED_ORIGINS: origins.default([]),
  SIGN_IN_RATE_WINDOW: int(1, 86_400, "seconds").default(60),
  SIGN_IN_RATE_MAX: int(1, 1_000_000, "a count").default(5),
  SIGN_UP_RATE_MAX: int(1, 1_000_000, "a count").default(5),
  RESET_RATE_MAX: int(1, 1_000_000, "a count").default(3),
  FEEDBACK_EMAIL: z.email("expected an e-mail address").default("feedback@example.com"),
  WEB_DIR: nonEmpty("a folder").default("dist/web"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "expected one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
  USER_MAX_HABITS: int(1, 1_000_000, "a count").default(500),
  USER_MAX_DAYS: int(1, 100_000_000, "a count").default(100_000),
  USER_WRITE_RATE_MAX: int(1, 1_000_000, "writes a minute").default(300),
  SYNC_STREAMS_MAX: int(1, 1_000_000, "a count").default(1000),
  PUSH_ALLOW_PRIVATE_HOSTS: bool.default(false),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, "expected a P-256 public key, 65 bytes in base64url (87 characters)")
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, "expected a P-256 private key, 32 bytes in base64url (43 characters)")
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .refine(
      (v) => (/^mailto:.+@.+/.test(v) || /^https:\/\/[^/]/.test(v)) && URL.canParse(v),
      "expected mailto:admin@example.com or an https:// URL",
    )
    .optional(),
});

/** Both halves of a pair, or neither. */
function pair(env: Env, a: string, b: string): void {
  if (Boolean(env[a]) !== Boolean(env[b]))
    throw new ConfigError(`${env[a] ? b : a} must be set together with ${env[a] ? a : b}`);
}

/** The secret is generated once and kept under the data folder, so sessions survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/** A VAPID key pair from the environment, else generated once and kept under the data folder (like the auth
 * secret): a new pair would end every browser's subscription. */
function loadOrCreateVapidKeys(dataDir: string, env: { publicKey?: string; privateKey?: string }) {
  if (env.publicKey && env.privateKey) return { publicKey: env.publicKey, privateKey: env.privateKey };
  const file = join(dataDir, "vapid-keys.json");
  if (existsSync(file)) {
    const stored: unknown = JSON.parse(readFileSync(file, "utf8"));
    const keys = stored as { publicKey?: unknown; privateKey?: unknown };
    if (typeof keys.publicKey !== "string" || typeof keys.privateKey !== "string")
      throw new ConfigError(`${file}: expected {"publicKey": "...", "privateKey": "..."}`);
    return { publicKey: keys.publicKey, privateKey: keys.privateKey };
  }
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey(); // 32 bytes, fewer when it begins with zeros
  const keys = {
    publicKey: ecdh.getPublicKey().toString("base64url"),
    privateKey: Buffer.concat([Buffer.alloc(32 - privateKey.length), privateKey]).toString("base64url"),
  };
  writeFileSync(file, JSON.stringify(keys) + "\n", { mode: 0o600 });
  return keys;
}

/** Parses the environment once, at start: a wrong setting throws ConfigError naming the variable. */
export function loadConfig(rawEnv: Env = process.env): Config {
  const env = Object.fromEntries(
    Object.entries(rawEnv).filter(
      ([key, value]) => key in EnvSchema.shape && value !== undefined && value !== "",
    ),
  );
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? "environment");
    const given = env[name];
    const shown =
      name === "AUTH_SECRET" ||
      name.endsWith("_SECRET") ||
      name.endsWith("_PRIVATE_KEY") ||
      given === undefined
        ? ""
        : `, got "${given}"`;
    throw new ConfigError(`${name}: ${issue?.message ?? "invalid value"}${shown}`);
  }
  const e = parsed.data;
  pair(rawEnv, "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET");
  if (e.OIDC_ISSUER || e.OIDC_CLIENT_ID || e.OIDC_CLIENT_SECRET) {
    for (const name of ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET"] as const)
      if (!e[name]) throw new ConfigError(`${name} must be set together with the other OIDC_ variables`);
  }
  const dataDir = resolve(e.DATA_DIR);
  makePrivateDir(dataDir);
  const baseUrl = e.BASE_URL ?? `http://localhost:${e.PORT}`;
  const authSecret = e.AUTH_SECRET ?? loadOrCreateSecret(dataDir);
  pair(rawEnv, "VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY");
  const vapidKeys = loadOrCreateVapidKeys(dataDir, {
    publicKey: e.VAPID_PUBLIC_KEY,
    privateKey: e.VAPID_PRIVATE_KEY,
  });
  if (authSecret.length < 32)
    throw new ConfigError(
      `AUTH_SECRET: expected at least 32 characters (from ${join(dataDir, "auth-secret")})`,
    );
  return {
    port: e.PORT,
    host: e.HOST,
    baseUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL ?? `sqlite:${join(dataDir, "habit-streaks.db")}`,
    authSecret,
    smtpUrl: e.SMTP_URL ?? null,
    mailFrom: e.MAIL_FROM,
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET }
        : null,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            label: e.OIDC_LABEL,
          }
        : null,
    trustedOrigins: [...new Set([new URL(baseUrl).origin, ...e.TRUSTED_ORIGINS])],
    trustProxy: e.TRUST_PROXY,
    feedbackEmail: e.FEEDBACK_EMAIL,
    webDir: resolve(e.WEB_DIR),
    logLevel: e.LOG_LEVEL,
    rateLimit: {
      window: e.SIGN_IN_RATE_WINDOW,
      max: e.SIGN_IN_RATE_MAX,
      signUpMax: e.SIGN_UP_RATE_MAX,
      resetMax: e.RESET_RATE_MAX,
    },
    userLimits: {
      maxHabits: e.USER_MAX_HABITS,
      maxDays: e.USER_MAX_DAYS,
      writeRateMax: e.USER_WRITE_RATE_MAX,
    },
    syncStreamsMax: e.SYNC_STREAMS_MAX,
    vapid: { ...vapidKeys, subject: e.VAPID_SUBJECT ?? `mailto:${e.FEEDBACK_EMAIL}` },
    pushAllowPrivateHosts: e.PUSH_ALLOW_PRIVATE_HOSTS,
  };
}
