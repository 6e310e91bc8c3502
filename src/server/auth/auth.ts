import { betterAuth } from "better-auth";
import { admin, genericOAuth, oauthPopup } from "better-auth/plugins";
import type { Config } from "../config";
import type { DatabaseHandle } from "../db/database";
import { createProfile } from "../profile/profile.repo";
import { accountLocale, headerLocale } from "../profile/account-locale";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../core/constants";
import { authRules } from "./auth-rules";
import { CLIENT_IP_HEADER } from "./client-ip";
import type { Logger } from "../log/logger";
import { createMailer, type Mailer } from "./mailer";
import { createPasswordHasher, type ScryptParams } from "./password-hash";
import { userFieldHooks, userFieldRules } from "./user-fields";
import { RESET_LINK_PREFIX, revokeResetLinks } from "./reset-links.repo";
import { tokenRevocation } from "../tokens/token-revocation";
import { revokeUserTokens } from "../tokens/tokens.repo";
import { VERIFY_EMAIL_PATH } from "./verify-email.route";

export type AuthDeps = {
  config: Config;
  database: DatabaseHandle;
  now?: () => Date;
  mailer?: Mailer;
  /** Tests only: cheaper scrypt parameters. Production keeps the OWASP defaults. */
  passwordHash?: ScryptParams;
  /** Better Auth's own messages go to the server's log, not to the console. */
  logger?: Logger;
};

/** The provider id of the generic OpenID Connect provider (OIDC_ISSUER); its callback is /api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = "oidc";

const DAY = 24 * 60 * 60;

export function createAuth({
  config,
  database,
  now = () => new Date(),
  mailer,
  passwordHash,
  logger,
}: AuthDeps) {
  const hasher = createPasswordHasher(passwordHash);
  const mail = mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
  return betterAuth({
    appName: "Habit Streaks",
    baseURL: config.baseUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: { db: database.db, type: database.dialect },
    trustedOrigins: config.trustedOrigins,
    // Only the message and an error's own message: the other arguments can hold request data.
    logger: logger && {
      level: "info", // at "debug", "warn" or "error" Better Auth also prints every 4xx to the console itself
      log: (level, message, ...args) =>
        logger[level](
          { errors: args.filter((a) => a instanceof Error).map((e) => e.message) },
          `[Better Auth] ${message}`,
        ),
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      password: { hash: hasher.hash, verify: hasher.verify },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // A reset link is single-use as a set: once one is used, no other link of the account works.
      onPasswordReset: async ({ user }) => {
        await revokeResetLinks(database.db, user.id);
        // Personal API tokens end with the password (docs/decisions/0055-tokens-end-with-the-password.md).
        await revokeUserTokens(database.db, user.id);
      },
      // The link opens our own page (/reset-password?token=...), which posts the new password.
      sendResetPassword: async ({ user, token }) =>
        mail.sendPasswordReset({
          to: user.email,
          name: user.name,
          url: `${config.baseUrl}/reset-password?token=${encodeURIComponent(token)}`,
          locale: await accountLocale(database.db, user.id),
        }),
    },
    // docs/decisions/0053-mail-only-to-verified-addresses.md: with SMTP_URL, an address gets reminder mail only once
    // the link mailed to it was followed (its page's button: verify-email.route.ts). Sign-in never waits for it
    // (requireEmailVerification stays false); Google and OIDC accounts come verified when the provider says so.
    emailVerification:
      config.smtpUrl === null
        ? undefined
        : {
            sendOnSignUp: true,
            sendVerificationEmail: async ({ user, token }) =>
              mail.sendVerification({
                to: user.email,
                name: user.name,
                url: `${config.baseUrl}${VERIFY_EMAIL_PATH}?token=${encodeURIComponent(token)}`,
                locale: await accountLocale(database.db, user.id),
              }),
          },
    socialProviders: config.google
      ? {
          google: {
            clientId: config.google.clientId,
            clientSecret: config.google.clientSecret,
            prompt: "select_account",
          },
        }
      : {},
    // docs/decisions/0011-sessions-and-cookies.md: 30 days, renewed at most once a day while the app is used.
    session: { expiresIn: 30 * DAY, updateAge: DAY },
    // Limits live in the database, so they hold across restarts and across several server processes.
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: config.rateLimit.window, max: config.rateLimit.max },
        "/sign-up/email": { window: config.rateLimit.window, max: config.rateLimit.signUpMax },
        "/request-password-reset": { window: config.rateLimit.window, max: config.rateLimit.resetMax },
        // A verification mail is a mail to an address not yet known to want it: limited like reset mails.
        "/send-verification-email": { window: config.rateLimit.window, max: config.rateLimit.resetMax },
        "/get-session": false,
      },
    },
    advanced: {
      // Better Auth skips the Origin check when NODE_ENV is test; ours checks it everywhere, tests included.
      disableOriginCheck: false,
      useSecureCookies: config.baseUrl.startsWith("https://"),
      // Set from the socket (or the trusted proxy) by clientIp(); never taken from the client as sent.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: [
      admin(),
      authRules(),
      userFieldRules(),
      oauthPopup(),
      tokenRevocation(database.db),
      genericOAuth({
        config: config.oidc
          ? [
              {
                providerId: OIDC_PROVIDER_ID,
                name: config.oidc.label,
                discoveryUrl: `${config.oidc.issuer}/.well-known/openid-configuration`,
                clientId: config.oidc.clientId,
                clientSecret: config.oidc.clientSecret,
                scopes: ["openid", "email", "profile"],
              },
            ]
          : [],
      }),
    ],
    databaseHooks: {
      verification: {
        create: {
          // Requesting a new reset link makes every earlier one invalid (after the insert, so a race leaves at most one).
          after: async ({ identifier, value }) => {
            if (identifier.startsWith(RESET_LINK_PREFIX))
              await revokeResetLinks(database.db, value, identifier);
          },
        },
      },
      user: {
        // Names and images arrive from forms and providers; stored within one rule so the session and profile agree.
        update: userFieldHooks.update,
        create: {
          before: userFieldHooks.create.before,
          // Sign-up and a first provider sign-in: the profile document is created with the account, with the
          // language it was asked in, which its mail follows until the account chooses one (account-locale.ts).
          after: async (user, context) => {
            const languages = (context?.request?.headers ?? context?.headers)?.get("accept-language");
            await createProfile(
              database.db,
              {
                userId: user.id,
                email: user.email,
                name: user.name,
                image: user.image,
                signupLanguage: headerLocale(languages),
              },
              now(),
            );
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
