// The language the server writes to someone in (docs/decisions/0074): an account's mail, push texts and API
// errors. The language the account chose (preferences.language), else the one it was created in (the sign-up
// request's Accept-Language), else English; a request without an account answers in its Accept-Language.
import { LOCALES, matchLocale, type Locale } from "../../core/i18n/locales";
import type { Db } from "../db/database";

type Language = (typeof LOCALES)[number];
const isLanguage = (value: unknown): value is Language => (LOCALES as readonly unknown[]).includes(value);

/** An Accept-Language header's tags, most wanted first ("de-AT,de;q=0.9,en;q=0.5"); "*" and q=0 left out. */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  const weighted = header.split(",").flatMap((item, index) => {
    const [tag = "", ...params] = item.trim().split(";");
    const q = params.map((p) => /^\s*q\s*=\s*([\d.]+)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    const name = tag.trim();
    return name && name !== "*" && /^[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*$/.test(name) && weight > 0
      ? [{ name, weight, index }]
      : [];
  });
  return weighted.sort((a, b) => b.weight - a.weight || a.index - b.index).map((w) => w.name);
}

/** The request's language: its Accept-Language matched as the web matches the browser's (locales.ts), or null. */
export function headerLocale(header: string | null | undefined): Language | null {
  const tags = acceptedLanguages(header);
  if (tags.length === 0) return null;
  const match = matchLocale(tags);
  // matchLocale answers English for no match: English only when asked for.
  return match !== "en" || tags.some((tag) => tag.toLowerCase().split("-")[0] === "en") ? match : null;
}

/** The account's chosen language and the one it was created in, as stored (each null when unknown). */
export async function accountLanguages(
  db: Db,
  userId: string,
): Promise<{ chosen: Language | null; signup: Language | null }> {
  const row = await db
    .selectFrom("profiles")
    .select(["language", "signup_language"])
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return {
    chosen: isLanguage(row?.language) ? row.language : null,
    signup: isLanguage(row?.signup_language) ? row.signup_language : null,
  };
}

/** The language of the account's mail and push texts. */
export async function accountLocale(db: Db, userId: string): Promise<Locale> {
  const { chosen, signup } = await accountLanguages(db, userId);
  return chosen ?? signup ?? "en";
}
