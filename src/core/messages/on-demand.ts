// The part of the message catalogue (src/core/messages.ts, docs/decisions/0060) that the first screen does not
// show: the account screens, Stats, the habit page, Settings and the dialogs, all loaded on demand. Each text is
// written once, in one part; import the whole catalogue from ../messages.ts rather than this file.
import en from "./compiled/en/on-demand";
import type { TargetPer } from "../habit-kind";
import { livePart, yes, type Messages } from "../i18n/catalogue";
import { amountText } from "../i18n/amount-text";
import { userFormat } from "../i18n/user-format";
import { PRODUCT_NAME } from "./first-screen";

/** Which name a refusal is about (core/name.ts: NameLabel). */
type NameKey = "habit" | "group" | "display";

/** A day as the user's locale writes it (the API tokens). */
const day = (iso: string) => new Date(iso).toLocaleDateString(userFormat.locale(), { dateStyle: "medium" });
/** A time as the user's locale writes it (the sync details). */
const when = (iso: string) =>
  new Date(iso).toLocaleString(userFormat.locale(), { dateStyle: "medium", timeStyle: "short" });

export const buildOnDemand = (m: Messages<typeof en>) => ({
  validation: m.validation,
  // Why a name cannot be stored (core/name.ts): the web's forms and the server's refusals alike.
  names: {
    empty: (label: NameKey) => m.names.empty({ label }),
    tooLong: (label: NameKey, max: number) => m.names.tooLong({ label, max }),
    control: (label: NameKey) => m.names.control({ label }),
    bidi: (label: NameKey) => m.names.bidi({ label }),
    surrogate: (label: NameKey) => m.names.surrogate({ label }),
  },
  signIn: m.signIn,
  signUp: m.signUp,
  reset: m.reset,
  // The user menu's logout failure is in first-screen.ts.
  profile: m.profile,
  stats: m.stats,
  // The Stats screen's trends across all habits (docs/decisions/0069-stats-trends.md).
  trends: {
    ...m.trends,
    change: (before: string, after: string, points: number) =>
      m.trends.change({ before, after, points: Math.abs(points), direction: points > 0 ? "up" : "down" }),
    totalsCaption: (name: string, unit: string) =>
      m.trends.totalsCaption({ name, unit, hasUnit: yes(unit !== "") }),
    thisWeek: (amount: string, unit: string) =>
      m.trends.thisWeek({ amount, unit, hasUnit: yes(unit !== "") }),
  },
  // The user's groups of habits: Settings' Groups card and the habit's Group field (docs/product.md, "Groups").
  groups: {
    ...m.groups,
    limit: (max: number) => m.groups.limit({ max }),
    renameGroup: (name: string) => m.groups.renameGroup({ name }),
    newName: (name: string) => m.groups.newName({ name }),
    moveUp: (name: string) => m.groups.moveUp({ name }),
    moveDown: (name: string) => m.groups.moveDown({ name }),
    deleteGroup: (name: string) => m.groups.deleteGroup({ name }),
    confirmTitle: (name: string) => m.groups.confirmTitle({ name }),
  },
  // Accounts: texts of our own screens that the product does not fix (labels, headings, the reset link page, mail).
  account: {
    ...m.account,
    resetMailBody: (name: string, url: string) => m.account.resetMailBody({ name, url }),
    verifyMailBody: (name: string, url: string) => m.account.verifyMailBody({ name, url }),
  },
  // History: the habit page and the streak explanation; texts the product does not fix. The words of a
  // day's state and the Undo toast are in first-screen.ts.
  history: {
    ...m.history,
    vacationDaysNote: (n: number) => m.history.vacationDaysNote({ n }),
    days: (n: number) => m.history.days({ n }),
    heatmapLabel: (from: string, to: string) => m.history.heatmapLabel({ from, to }),
    heatmapSummary: (done: number, skipped: number, vacation: number, missed: number) =>
      m.history.heatmapSummary({ done, skipped, vacation, missed }),
    // The streak explanation.
    streakBegan: (length: string, date: string) => m.history.streakBegan({ length, date }),
    streakBroke: (date: string) => m.history.streakBroke({ date }),
    runLasted: (length: string, from: string, to: string) => m.history.runLasted({ length, from, to }),
    runOneDay: (date: string) => m.history.runOneDay({ date }),
    lastMissed: (date: string) => m.history.lastMissed({ date }),
    skippedInRun: (n: number, dates: string) => m.history.skippedInRun({ n, dates }),
    vacationInRun: (n: number, dates: string) => m.history.vacationInRun({ n, dates }),
    notDueInRun: (n: number, dates: string) => m.history.notDueInRun({ n, dates }),
    moreDates: (n: number) => m.history.moreDates({ n }),
    todayOpenRun: (length: string) => m.history.todayOpenRun({ length }),
    // A habit counted by kind (docs/product.md, "Kinds of habit"): its figures in days, weeks or months, and how
    // its streak is counted.
    inUnits: (n: number, per: "day" | "week" | "month") => m.history.inUnits({ n, per }),
    unitsMet: (per: "day" | "week" | "month") => m.history.unitsMet({ per }),
    countedDaysAtLeast: (amount: string) => m.history.countedDaysAtLeast({ amount }),
    countedDaysAtMost: (amount: string) => m.history.countedDaysAtMost({ amount }),
    countedTimes: (per: "week" | "month", times: number) => m.history.countedTimes({ per, times }),
    countedPeriodAtLeast: (per: "week" | "month", amount: string) =>
      m.history.countedPeriodAtLeast({ per, amount }),
    countedPeriodAtMost: (per: "week" | "month", amount: string) =>
      m.history.countedPeriodAtMost({ per, amount }),
    weeksStartOn: (weekday: string) => m.history.weeksStartOn({ weekday }),
    cleanSince: (days: string, date: string) => m.history.cleanSince({ days, date }),
    noKindStreak: (per: "day" | "week" | "month") => m.history.noKindStreak({ per }),
  },
  // Asked before a habit is added under a name that another habit already has, ignoring case and surrounding
  // spaces: texts the product does not fix.
  duplicateName: {
    ...m.duplicateName,
    existing: (name: string) => m.duplicateName.existing({ name }),
    question: (name: string) => m.duplicateName.question({ name }),
  },
  // Settings' Language card (docs/decisions/0072).
  language: m.language,
  // Labels of the Settings screen that the product does not fix (features/settings/settings-copy.ts).
  settingsPage: {
    ...m.settingsPage,
    sync: {
      ...m.settingsPage.sync,
      states: {
        synced: {
          ...m.settingsPage.sync.states.synced,
          body: (email: string) => m.settingsPage.sync.states.synced.body({ email }),
        },
        pending: {
          ...m.settingsPage.sync.states.pending,
          body: () => m.settingsPage.sync.states.pending.body,
        },
        waiting: {
          ...m.settingsPage.sync.states.waiting,
          body: () => m.settingsPage.sync.states.waiting.body,
        },
        offline: {
          ...m.settingsPage.sync.states.offline,
          body: () => m.settingsPage.sync.states.offline.body,
        },
        local: { ...m.settingsPage.sync.states.local, body: () => m.settingsPage.sync.states.local.body },
        error: { ...m.settingsPage.sync.states.error, body: () => m.settingsPage.sync.states.error.body },
      },
      /** The facts beside the state: what waits, since when the server is out of reach, when it last answered. */
      details: (
        state: string,
        d: { pending: number; offlineSince?: string; lastSyncedAt?: string },
      ): string[] => {
        const sync = m.settingsPage.sync;
        const lines: string[] = [];
        if (state === "offline" && d.offlineSince)
          lines.push(sync.offlineSince({ at: when(d.offlineSince) }));
        if (d.pending > 0) lines.push(sync.pending({ n: d.pending }));
        if ((state === "offline" || state === "local") && d.lastSyncedAt)
          lines.push(sync.lastSynced({ at: when(d.lastSyncedAt) }));
        return lines;
      },
    },
    comingSoon: {
      ...m.settingsPage.comingSoon,
      // Schedules, the calendar of past days and reminders at a chosen time have shipped, so they left this list.
      items: [m.settingsPage.comingSoon.item1, m.settingsPage.comingSoon.item2],
    },
  },
  // Settings' API tokens card (features/settings/api-tokens-copy.ts).
  apiTokens: {
    ...m.apiTokens,
    expiries: ([7, 30, 90, 365, null] as const).map(
      (days) =>
        [
          days,
          days === null
            ? m.apiTokens.expiryNever
            : days === 365
              ? m.apiTokens.expiryYear
              : m.apiTokens.expiryIn({ days }),
        ] as const,
    ),
    created: (name: string) => m.apiTokens.created({ name }),
    revokeLabel: (name: string) => m.apiTokens.revokeLabel({ name }),
    revoked: (name: string) => m.apiTokens.revoked({ name }),
    createdOn: (iso: string) => m.apiTokens.createdOn({ day: day(iso) }),
    lastUsed: (iso: string | null) => (iso ? m.apiTokens.lastUsed({ day: day(iso) }) : m.apiTokens.neverUsed),
    expires: (iso: string | null) => (iso ? m.apiTokens.expires({ day: day(iso) }) : m.apiTokens.noExpiry),
  },
  // The backup cards (features/backup).
  backup: {
    ...m.backup,
    exported: (fileName: string) => m.backup.exported({ fileName }),
    imported: (count: number) => m.backup.imported({ count }),
    rejectedDetail: (reason: string) => m.backup.rejectedDetail({ reason }),
    tooLarge: (mb: number) => m.backup.tooLarge({ mb }),
  },
  // The test notifications (on enabling, export and import).
  notifications: {
    ...m.notifications,
    exportBody: (fileName: string) => m.notifications.exportBody({ fileName }),
    importBody: (count: number) => m.notifications.importBody({ count }),
  },
  // The reset-password page: said before the change, a reset ends every session and API token (0055).
  resetPassword: m.resetPassword,
  // The Stats screen's labels (its fixed texts are in `stats`).
  statsPage: {
    ...m.statsPage,
    progressOf: (done: number, total: number) => m.statsPage.progressOf({ done, total }),
    dayUnit: (n: number) => m.statsPage.dayUnit({ n }),
    /** A streak's unit: what a habit counted by week or month (kind-view.ts) counts in. */
    streakUnit: (n: number, per: TargetPer) => m.statsPage.streakUnit({ n, per }),
  },
  // Push devices the server dropped because they stopped answering (0054); `at` is the time, written.
  removedDevices: {
    notice: (count: number, at: string) => m.removedDevices.notice({ count, at }),
    help: (count: number) => m.removedDevices.help({ count }),
  },
  // Today's manual add form, shown when the list could not load.
  manualAdd: m.manualAdd,
  // Settings of the user's days: the day start and vacation mode; texts the product does not fix.
  settingsDays: {
    ...m.settingsDays,
    todayIs: (date: string) => m.settingsDays.todayIs({ date }),
    onVacationUntil: (date: string) => m.settingsDays.onVacationUntil({ date }),
    vacationPlanned: (from: string, to: string) => m.settingsDays.vacationPlanned({ from, to }),
    range: (from: string, to: string) => m.settingsDays.range({ from, to }),
    tooMany: (max: number) => m.settingsDays.tooMany({ max }),
  },
  // A habit's kind, how often it is due and its target (docs/product.md, "Kinds of habit"): the add form's
  // folded fields, the habit page's editor and a day's panel; texts the product does not fix.
  habitKinds: {
    ...m.habitKinds,
    badTimes: (max: number) => m.habitKinds.badTimes({ max }),
    current: (rule: string) => m.habitKinds.current({ rule }),
    ruleFrom: (date: string, rule: string) => m.habitKinds.ruleFrom({ date, rule }),
    ruleWeekdays: (days: string) => m.habitKinds.ruleWeekdays({ days }),
    ruleTimes: (n: number, per: string) => m.habitKinds.ruleTimes({ n, per }),
    ruleTarget: (atMost: boolean, amount: string, unit: string, per: string) =>
      m.habitKinds.ruleTarget({ atMost: yes(atMost), amount, unit, hasUnit: yes(unit !== ""), per }),
    // A day's panel on the habit page's calendar.
    dayDetails: (date: string) => m.habitKinds.dayDetails({ date }),
    state: (state: string) => m.habitKinds.state({ state }),
    amount: (date: string) => m.habitKinds.amount({ date }),
    noteFor: (date: string) => m.habitKinds.noteFor({ date }),
    noteHint: (n: number, max: number) => m.habitKinds.noteHint({ n, max }),
    /** A number with its unit: "5 glasses" (a day's name on the calendar and the heatmap, a habit's total). */
    dayAmount: (amount: number, unit: string) =>
      m.habitKinds.dayAmount({ amount: amountText(amount), unit, hasUnit: yes(unit !== "") }),
    notedDays: (n: number) => m.habitKinds.notedDays({ n }),
  },
  // A habit's strength on the habit page (docs/decisions/0068): texts the product does not fix.
  strength: {
    ...m.strength,
    chartLabel: (per: "week" | "month", from: string, to: string) => m.strength.chartLabel({ per, from, to }),
    tableCaption: (per: "week" | "month") => m.strength.tableCaption({ per }),
    periodColumn: (per: "week" | "month") => m.strength.periodColumn({ per }),
  },
  // Asked before an import replaces the habits: texts the product does not fix.
  importConfirm: {
    ...m.importConfirm,
    question: (current: number | null, incoming: number) =>
      m.importConfirm.question({ yours: current === null ? "all" : "some", current: current ?? 0, incoming }),
  },
  // Export for Loop Habit Tracker: the Settings card (docs/decisions/0071).
  loopExport: {
    ...m.loopExport,
    done: (fileName: string) => m.loopExport.done({ fileName }),
    noReminders: (fileName: string) => m.loopExport.noReminders({ fileName }),
  },
  // Import from Loop Habit Tracker: the Settings card, its preview and why a file is refused.
  loopImport: {
    ...m.loopImport,
    formatDb: (version: number) => m.loopImport.formatDb({ version }),
    previewTitle: (count: number) => m.loopImport.previewTitle({ count }),
    totals: (done: number, skipped: number) => m.loopImport.totals({ done, skipped }),
    counts: (done: number, skipped: number) => m.loopImport.counts({ done, skipped }),
    /** A measurable habit's counts: its total in its unit, written exactly. */
    measuredCounts: (days: number, total: string, unit: string, skipped: number) =>
      m.loopImport.measuredCounts({ days, total, unit, hasUnit: yes(unit !== ""), skipped }),
    /** Appended to `totals` when the file has amounts or notes. */
    moreTotals: (valueDays: number, notes: number) => m.loopImport.moreTotals({ valueDays, notes }),
    /** How often a habit is due, as ours: "every day", "3 times a week". */
    howOften: (times: number | null, per: "week" | "month") =>
      times === null ? m.loopImport.everyDay : m.loopImport.howOften({ times, per }),
    /** How often a Loop habit was due: "every 3 days", "2 times in 5 days". */
    loopHowOften: (num: number, den: number) =>
      num === 1 ? m.loopImport.loopHowOften({ den }) : m.loopImport.loopTimesIn({ num, den }),
    due: (howOften: string) => m.loopImport.due({ howOften }),
    target: (atMost: boolean, amount: number, unit: string, per: "day" | "week" | "month") =>
      m.loopImport.target({
        atMost: yes(atMost),
        amount: amountText(amount),
        unit,
        hasUnit: yes(unit !== ""),
        per,
      }),
    range: (first: string, last: string) => (first === last ? first : m.loopImport.range({ first, last })),
    notes: {
      ...m.loopImport.notes,
      /** An approximation: "Gym: every 3 days became 2 times a week". */
      approximated: (name: string, loop: string, ours: string) =>
        m.loopImport.notes.approximated({ name, loop, ours }),
      targetPeriod: (name: string, amount: number, den: number, daily: number, unit: string) =>
        m.loopImport.notes.targetPeriod({ name, amount, den, daily, unit, hasUnit: yes(unit !== "") }),
      targetRounded: (name: string, from: number, to: number) =>
        m.loopImport.notes.targetRounded({ name, from, to }),
      outOfRange: (days: number, max: number) => m.loopImport.notes.outOfRange({ days, max }),
      notesCut: (days: number, max: number) => m.loopImport.notes.notesCut({ days, max }),
      unitCut: (max: number) => m.loopImport.notes.unitCut({ max }),
      auto: (days: number) => m.loopImport.notes.auto({ days }),
      dropped: (days: number) => m.loopImport.notes.dropped({ days }),
      nameCut: (max: number) => m.loopImport.notes.nameCut({ max }),
    },
    unnamed: (position: number) => m.loopImport.unnamed({ position }),
    added: (count: number) => m.loopImport.added({ count }),
    replaced: (count: number) => m.loopImport.replaced({ count }),
    rejected: (reason: string) => m.loopImport.rejected({ reason }),
    refused: (detail: string) => m.loopImport.refused({ detail }),
    problems: {
      ...m.loopImport.problems,
      tooLarge: (mb: number) => m.loopImport.problems.tooLarge({ mb }),
      csvTooLarge: (mb: number) => m.loopImport.problems.csvTooLarge({ mb }),
      notLoopDatabase: (missing: string) => m.loopImport.problems.notLoopDatabase({ missing }),
      damaged: (detail: string) => m.loopImport.problems.damaged({ detail }),
      version: (version: number, min: number, max: number) =>
        m.loopImport.problems.version({ version, min, max }),
      badRow: (file: string, line: number, detail: string) =>
        m.loopImport.problems.badRow({ file, line, detail }),
      tooManyHabits: (count: number, max: number) => m.loopImport.problems.tooManyHabits({ count, max }),
    },
  },
  // What a reminder says: the push notification, the e-mail digest and its unsubscribe page.
  reminderDelivery: {
    ...m.reminderDelivery,
    title: PRODUCT_NAME,
    leftToday: (names: readonly string[]) =>
      m.reminderDelivery.leftToday({ count: names.length, names: names.join(", ") }),
    /** With a measured or "N times" habit among them: a line each. */
    leftTodayLines: (lines: readonly string[]) =>
      m.reminderDelivery.leftTodayLines({ count: lines.length, lines: lines.join("\n") }),
    /** What is left of a habit: "Water: 3 of 8 glasses", "Run: 1 of 3 this week". */
    progress: (name: string, done: number, of: number, unit: string, per: "day" | "week" | "month") =>
      m.reminderDelivery.progress({ name, done, of, unit, hasUnit: yes(unit !== ""), per }),
    mailSubject: (names: readonly string[]) => m.reminderDelivery.mailSubject({ count: names.length }),
    mailOpen: (url: string) => m.reminderDelivery.mailOpen({ url }),
    mailUnsubscribe: (url: string) => m.reminderDelivery.mailUnsubscribe({ url }),
  },
  // Reminder settings on the web: the Settings card, the habit page's own time, the Today card's outcome
  // and the service worker's notification actions.
  reminderSettings: {
    ...m.reminderSettings,
    removeTime: (time: string) => m.reminderSettings.removeTime({ time }),
    limit: (max: number) => m.reminderSettings.limit({ max }),
    devices: (n: number) => m.reminderSettings.devices({ n }),
    emailVerifyHelp: (email: string) => m.reminderSettings.emailVerifyHelp({ email }),
    emailVerified: (email: string) => m.reminderSettings.emailVerified({ email }),
    verificationSent: (email: string) => m.reminderSettings.verificationSent({ email }),
    testSent: (push: number, email: boolean) =>
      m.reminderSettings.testSent({ push, channels: push > 0 ? (email ? "both" : "push") : "email" }),
    testLimited: (max: number) => m.reminderSettings.testLimited({ max }),
    habitSet: (time: string) => m.reminderSettings.habitSet({ time }),
    promptSet: (time: string) => m.reminderSettings.promptSet({ time }),
    fallbackTitle: PRODUCT_NAME,
  },
});

export const onDemand = livePart("on-demand", en, buildOnDemand);
