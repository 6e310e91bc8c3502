// The first screen's part of the message catalogue (src/core/messages.ts, docs/decisions/0060): the texts of the
// shell, of Today (with its list, which loads with the store) and of the notices any screen may show. The web app's
// initial bundle imports this part, under the catalogue's own paths (`messages.today.allAdded`), and only this
// part; everything else imports the whole catalogue from ../messages.ts. Each text is written once, in one part.
export const PRODUCT_NAME = "Habit Streaks";

export const messages = {
  habits: {
    cloudLoadFallback: "Failed to load your habits from the cloud. Using local data instead.",
    loadFailed: "Failed to load your habits. Please try again.",
    saveFailed: "Failed to save habit. Please try again.",
    deleteFailed: "Failed to delete habit. Please try again.",
    updateFailed: "Failed to update habit. Please try again.",
    importFailed: "Failed to import habits. Please try again.",
  },
  migration: {
    inProgress: "Migrating your habits to the cloud...",
    success: (n: number) => `Successfully migrated ${n} habits`,
    partial: (n: number, failed: number) => `Migrated ${n} habits (${failed} failed)`,
    skipped: "User already has habits in Firestore, skipping migration",
    failed: "Failed to migrate habits. Please try again later.",
    unable: "Unable to migrate habits. Please try again later.",
  },
  today: {
    newHabitPlaceholder: "New habit...",
    scrollHint: (n: number) => `Scroll to see all ${n} suggestions`,
    allAdded: "All Common Habits Added",
    startStreak: "Start your streak today",
    addManually: "Add Habit Manually",
    empty: "No habits added yet",
    listLoadFailedTitle: "Unable to load habits",
    listLoadFailedBody: "Please try again later",
    // The add form's folded fields (a habit's kind, how often, target): texts the product does not fix.
    moreOptions: "More options",
    // A habit's group: the add form's field (shown only to a user with groups) and the habit page's.
    groupField: "Group",
    noGroup: "No group",
  },
  shell: {
    yourProfile: "Your Profile",
    settings: "Settings",
    signOut: "Sign out",
    profileSignOut: "Sign Out",
    today: "Today",
    stats: "Stats",
    profile: "Profile",
  },
  // The user menu's Sign out; the rest of `profile` is in on-demand.ts.
  profile: {
    logoutFailed: "Failed to log out",
  },
  // The installable app: texts the product does not fix.
  pwa: {
    updateAvailable: "A new version of Habit Streaks is available.",
    reload: "Reload",
    dismissUpdate: "Dismiss update notice",
    pageLoadFailedTitle: "This page could not be loaded",
    pageLoadFailed: "Check your connection, then reload to try again.",
  },
  // History: the words of a day's state in every calendar (Today's 7-day strip among them) and the Undo
  // toast; texts the product does not fix. The habit page's are in on-demand.ts.
  history: {
    // A day's state, first in every day's accessible name ("Friday, November 20, 2026: done").
    done: "done",
    skipped: "skipped",
    notDone: "not done",
    onVacation: "on vacation",
    notDue: "not due",
    dayName: (date: string, state: string) => `${date}: ${state}`,
    // The Undo toast after a delete.
    deleted: (name: string) => `Deleted ${name}`,
    undo: "Undo",
    undoTooLate: "Too late to undo: the habit was already deleted.",
  },
  // Server refusals that the product does not fix: shown instead of the generic failure text of the action.
  limits: {
    rateLimited: "You are making changes too quickly. Please wait a minute and try again.",
    quotaExceeded:
      "Your account is full: it holds as many habits and completed days as this server allows. Delete a habit to make room.",
  },
  // Today's 7-day strip, order, "Not due today" section and Stats' archived switch: texts the product
  // does not fix. The day buttons are named like the habit page's calendar (see `history`).
  todayHistory: {
    lastDays: (name: string) => `Last 7 days of ${name}`,
    notDueToday: (n: number) => `Not due today (${n})`,
    nothingDue: "Nothing is due today.",
    allArchived: (n: number) =>
      `${n === 1 ? "Your archived habit is" : `Your ${n} archived habits are`} on Stats, under Show archived.`,
    moved: (name: string, position: number, total: number) =>
      `${name} moved to position ${position} of ${total}`,
    explainStreak: (line: string, name: string) => `${line}: how the streak of ${name} is counted`,
    close: "Close",
    showArchived: "Show archived",
  },
} as const;
