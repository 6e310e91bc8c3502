// The whole catalogue in a given locale, for code that formats for someone other than the page's user: the server's
// e-mails, push texts and API errors in the account's language (docs/decisions/0072). It imports every locale's
// compiled messages, so the web app must not import it (it loads one locale's chunks, lib/locale-switch.ts).
import type { Tree } from "../i18n/catalogue";
import { merged } from "../i18n/catalogue-apply";
import type { CataloguePart, Locale } from "../i18n/locales";
import { buildFirstScreen } from "./first-screen";
import { buildOnDemand } from "./on-demand";
import { buildTodayRows } from "./today-rows";
import { compiled } from "./compiled/index";
import { wordError, type ErrorText } from "./server";

function build(locale: Locale) {
  const own: Record<CataloguePart, Tree> = compiled[locale];
  const firstScreen = buildFirstScreen(merged(compiled.en["first-screen"], own["first-screen"]));
  const todayRows = buildTodayRows(merged(compiled.en["today-rows"], own["today-rows"]));
  const onDemand = buildOnDemand(merged(compiled.en["on-demand"], own["on-demand"]));
  const server = merged(compiled.en.server, own.server);
  return {
    /** An API error's message (messages/server.ts). */
    apiError: (text: ErrorText) => wordError(server, onDemand.names, text),
    ...firstScreen,
    ...onDemand,
    ...todayRows,
    profile: { ...onDemand.profile, ...firstScreen.profile },
    history: { ...firstScreen.history, ...onDemand.history },
    todayHistory: { ...firstScreen.todayHistory, ...todayRows.todayHistory },
  };
}

const built = new Map<Locale, ReturnType<typeof build>>();

/** The catalogue in the locale (English's text wherever it lacks one), with the same paths and signatures as messages.ts. */
export function messagesIn(locale: Locale): ReturnType<typeof build> {
  let messages = built.get(locale);
  if (!messages) built.set(locale, (messages = build(locale)));
  return messages;
}
