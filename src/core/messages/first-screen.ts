// The first screen's part of the message catalogue (src/core/messages.ts, docs/decisions/0060): the texts of the
// shell, of Today (with its list, which loads with the store) and of the notices any screen may show. The web app's
// initial bundle imports this part, under the catalogue's own paths (`messages.today.allAdded`), and only this
// part; everything else imports the whole catalogue from ../messages.ts. Each text is written once, in one part.
import en from "./compiled/en/first-screen";
import { livePart, type Messages } from "../i18n/catalogue";
export const PRODUCT_NAME = "Habit Streaks";

export const buildFirstScreen = (m: Messages<typeof en>) => ({
  habits: m.habits,
  migration: {
    ...m.migration,
    success: (n: number) => m.migration.success({ n }),
    partial: (n: number, failed: number) => m.migration.partial({ n, failed }),
  },
  today: {
    ...m.today,
    scrollHint: (n: number) => m.today.scrollHint({ n }),
    quickAdd: (n: number) => m.today.quickAdd({ n }),
    progress: (done: number, total: number) => m.today.progress({ done, total }),
    /** The tip around its keys: [before, after]. */
    shortcutTip: () => m.today.shortcutTip({ keys: "\0" }).split("\0") as [string, string],
    milestone: (streak: number) => m.today.milestone({ streak }),
    milestoneName: (name: string) => m.today.milestoneName({ name }),
  },
  shell: {
    ...m.shell,
    version: (version: string) => m.shell.version({ version }),
    accountMenuFor: (name: string) => m.shell.accountMenuFor({ name }),
  },
  // The user menu's Sign out; the rest of `profile` is in on-demand.ts.
  profile: m.profile,
  // The installable app: texts the product does not fix.
  pwa: m.pwa,
  // History: the words of a day's state in every calendar (Today's 7-day strip among them) and the Undo
  // toast; texts the product does not fix. The habit page's are in on-demand.ts.
  history: {
    ...m.history,
    dayName: (date: string, state: string) => m.history.dayName({ date, state }),
    // The Undo toast after a delete.
    deleted: (name: string) => m.history.deleted({ name }),
  },
  // Server refusals that the product does not fix: shown instead of the generic failure text of the action.
  limits: m.limits,
  // Stats' archived switch, named on Today's empty list; the rest of `todayHistory` is in today-rows.ts.
  todayHistory: {
    allArchived: (n: number) => m.todayHistory.allArchived({ n }),
  },
});

export const messages = livePart("first-screen", en, buildFirstScreen);
