// The one catalogue of every user-facing text the product fixes and of our own texts (docs/product.md, "Messages").
// Tests, the server and the web app's pages import it; never retype these. It is written in three parts
// (docs/decisions/0060): messages/first-screen.ts holds what the first screen shows (the shell, Today, app-wide
// notices) and is all the web app's initial bundle imports; messages/today-rows.ts holds the kinds' texts of
// Today's rows, loaded with the rows; messages/on-demand.ts holds the rest, loaded with the pages that show it.
// Every text is in exactly one part, and here under one path: `messages.history.undo` whichever part holds it.
import { messages as firstScreen, PRODUCT_NAME } from "./messages/first-screen";
import { onDemand } from "./messages/on-demand";
import { todayRows } from "./messages/today-rows";
import { onApplied } from "./i18n/catalogue";

export { PRODUCT_NAME };

// The groups whose texts are in two parts, copied again when a part changes language.
const profile = { ...onDemand.profile, ...firstScreen.profile };
const history = { ...firstScreen.history, ...onDemand.history };
const todayHistory = { ...firstScreen.todayHistory, ...todayRows.todayHistory };
onApplied(() => {
  Object.assign(profile, onDemand.profile, firstScreen.profile);
  Object.assign(history, firstScreen.history, onDemand.history);
  Object.assign(todayHistory, firstScreen.todayHistory, todayRows.todayHistory);
});

export const messages = {
  ...firstScreen,
  ...onDemand,
  ...todayRows,
  profile,
  history,
  todayHistory,
} as const;

/** The parts, for the catalogue's own test: each text in one part, every part in the catalogue. */
export const messageParts = { firstScreen, onDemand, todayRows } as const;
