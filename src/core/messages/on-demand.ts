// The part of the message catalogue (src/core/messages.ts, docs/decisions/0060) that the first screen does not
// show: the account screens, Stats, the habit page, Settings and the dialogs, all loaded on demand. Each text is
// written once, in one part; import the whole catalogue from ../messages.ts rather than this file.
import { PRODUCT_NAME } from "./first-screen";

export const onDemand = {
  validation: {
    signInRequired: "Please enter both email and password",
    signUpAllFields: "Please fill in all fields",
    passwordsDoNotMatch: "Passwords do not match",
    passwordTooShort: "Password must be at least 6 characters",
    resetEmailRequired: "Please enter your email address",
    displayNameEmpty: "Display name cannot be empty",
    importInvalidFormat: `Invalid backup file format. Please select a valid ${PRODUCT_NAME} backup file.`,
    importParseError: "Error importing data. Please check the file format.",
  },
  signIn: {
    invalidCredentials: "Invalid email or password. Please try again.",
    tooManyRequests: "Too many failed login attempts. Please try again later or reset your password.",
    network: "Network error. Please check your internet connection and try again.",
    userDisabled: "This account has been disabled. Please contact support.",
    default: "Failed to sign in",
    googleSignIn: "Failed to sign in with Google",
    googleSignUp: "Failed to sign up with Google",
  },
  signUp: {
    emailInUse: "Email is already in use",
    invalidEmail: "Email address is invalid",
    weakPassword: "Password is too weak",
    default: "Failed to create an account",
  },
  reset: {
    userNotFound: "No account found with this email",
    invalidEmail: "Email address is invalid",
    default: "Failed to send password reset email",
    success: "Password reset email sent! Please check your inbox.",
  },
  // The user menu's logout failure is in first-screen.ts.
  profile: {
    updateFailed: "Failed to update profile",
    updated: "Profile updated successfully!",
    emailReadOnly: "Email cannot be changed",
  },
  stats: {
    empty: "No habits to show stats for",
    lastToday: "Today",
    lastNever: "Never",
    sortStreak: "Streak",
    sortCompletion: "Completion",
    sortAz: "A-Z",
  },
  // The Stats screen's trends across all habits (docs/decisions/0069-stats-trends.md).
  trends: {
    title: "Trends",
    intro: "The share of due days (or weeks and months, for habits counted so) that you met.",
    periodLabel: "Chart period",
    byWeek: "By week",
    byMonth: "By month",
    weekCaption: "Share of due days met, by week, over the last 12 months",
    monthCaption: "Share of due days met, by month, over all time",
    weekColumn: "Week of",
    monthColumn: "Month",
    metColumn: "Met",
    dueColumn: "Due",
    shareColumn: "Share met",
    noFigure: "Nothing due",
    noneDue: "Nothing was due yet: the chart fills in as days pass.",
    weekdaysTitle: "Weekdays",
    weekdaysHint: "Over the last 12 months",
    bestWeekday: "Best weekday",
    worstWeekday: "Worst weekday",
    changesTitle: "Last 30 days against the 30 before",
    rising: "Rising most",
    falling: "Falling most",
    noRising: "No habit rose.",
    noFalling: "No habit fell.",
    change: (before: string, after: string, points: number) =>
      `${before} to ${after} (${points > 0 ? "+" : "−"}${Math.abs(points)} ${Math.abs(points) === 1 ? "point" : "points"})`,
    totalsTitle: "Weekly totals",
    totalsHint: "Measurable habits, the last 12 weeks",
    totalsCaption: (name: string, unit: string) => `${name}: total per week${unit ? `, in ${unit}` : ""}`,
    totalColumn: "Total",
    thisWeek: (amount: string, unit: string) => `This week: ${amount}${unit ? ` ${unit}` : ""}`,
  },
  // The user's groups of habits: Settings' Groups card and the habit's Group field (docs/product.md, "Groups").
  groups: {
    title: "Groups",
    intro:
      "Sort your habits into groups such as Morning or Health. Today shows each group as a section you can fold.",
    nameLabel: "Group name",
    add: "Add group",
    none: "No groups yet.",
    listLabel: "Your groups",
    taken: "A group with this name already exists",
    limit: (max: number) => `You can have at most ${max} groups`,
    rename: "Rename",
    renameGroup: (name: string) => `Rename ${name}`,
    newName: (name: string) => `New name for ${name}`,
    save: "Save",
    cancel: "Cancel",
    moveUp: (name: string) => `Move ${name} up`,
    moveDown: (name: string) => `Move ${name} down`,
    foldedByDefault: "Folded by default",
    delete: "Delete",
    deleteGroup: (name: string) => `Delete ${name}`,
    confirmTitle: (name: string) => `Delete the group ${name}?`,
    confirmBody: "Its habits stay, without a group.",
    confirmDelete: "Delete group",
    saveFailed: "The group could not be saved. Please try again.",
  },
  // Accounts: texts of our own screens that the product does not fix (labels, headings, the reset link page, mail).
  account: {
    signInTitle: "Sign In",
    signUpTitle: "Create Account",
    resetTitle: "Reset Password",
    signInIntro: "Welcome back! Sign in to keep your streaks going.",
    signUpIntro: "Start building daily habits, one streak at a time.",
    resetIntro: "Enter your email and we will send you a link to choose a new password.",
    nameLabel: "Name",
    emailLabel: "Email",
    passwordLabel: "Password",
    confirmPasswordLabel: "Confirm password",
    passwordHint: "At least 6 characters, and not a common password",
    signInButton: "Sign In",
    signingIn: "Signing in...",
    signUpButton: "Create Account",
    signingUp: "Creating account...",
    resetButton: "Send Reset Link",
    sending: "Sending...",
    forgotPassword: "Forgot password?",
    noAccount: "Don't have an account?",
    createOne: "Create one",
    haveAccount: "Already have an account?",
    backToSignIn: "Back to sign in",
    or: "or",
    google: "Sign in with Google",
    providerSignInFailed: "Failed to sign in with your identity provider",
    providerSignUpFailed: "Failed to sign up with your identity provider",
    agreement: "By continuing you agree to our",
    and: "and",
    terms: "Terms of Service",
    privacy: "Privacy Policy",
    termsBody: "These placeholder terms will be replaced by the operator of this Habit Streaks server.",
    privacyBody:
      "Your account and your habits are stored only on this Habit Streaks server. This placeholder policy will be replaced by its operator.",
    passwordTooLong: "Password must be at most 128 characters",
    newPasswordTitle: "Choose a New Password",
    newPasswordIntro: "Pick a password you do not use anywhere else.",
    newPasswordLabel: "New password",
    confirmNewPasswordLabel: "Confirm new password",
    newPasswordButton: "Set New Password",
    saving: "Saving...",
    newPasswordDone: "Your password has been changed. Sign in with your new password.",
    goToSignIn: "Go to sign in",
    resetLinkInvalid: "This reset link is invalid or has expired. Please request a new one.",
    resetFailed: "Failed to reset password",
    resetMailSubject: "Reset your Habit Streaks password",
    resetMailBody: (name: string, url: string) =>
      `Hello ${name},\n\nSomeone (hopefully you) asked to reset the password of your Habit Streaks account. ` +
      `Open this link within one hour to choose a new password:\n\n${url}\n\n` +
      `If you did not ask for this, ignore this mail: your password stays as it is.\n`,
    verifyMailSubject: "Confirm your e-mail address for Habit Streaks",
    verifyMailBody: (name: string, url: string) =>
      `Hello ${name},\n\nSomeone (hopefully you) created a Habit Streaks account with this address. ` +
      `Open this link within one hour to confirm it, so that reminders can reach you by e-mail:\n\n${url}\n\n` +
      `If this was not you, ignore this mail: no other mail will be sent to this address.\n`,
    verifyTitle: "Confirm your e-mail address",
    verifyAsk: "Press the button to confirm this address for Habit Streaks reminder e-mails.",
    verifyConfirm: "Confirm my e-mail address",
    verifiedTitle: "E-mail address confirmed",
    verified: "Reminder e-mails can now reach you. Choose when in Settings.",
    verifyFailedTitle: "This link does not work",
    verifyFailed: "The link is incomplete, was changed or has expired. Ask for a new one in Settings.",
    verifyOpenSettings: "Open Settings",
    profileTitle: "Profile",
    profileIntro: "Your name as Habit Streaks shows it.",
    displayNameLabel: "Display name",
    saveProfile: "Save Changes",
    profileLoading: "Loading profile...",
    profileLoadFailed: "Unable to load your profile. Please try again later.",
    signingOut: "Signing out...",
  },
  // History: the habit page and the streak explanation; texts the product does not fix. The words of a
  // day's state and the Undo toast are in first-screen.ts.
  history: {
    legendDone: "Done",
    legendSkipped: "Skipped",
    legendVacation: "On vacation",
    legendNotDue: "Not due",
    legendNotDone: "Not done",
    backToToday: "Back to Today",
    loading: "Loading habit…",
    notFoundTitle: "Habit not found",
    notFoundBody: "This habit does not exist, or it was deleted.",
    archivedBadge: "Archived",
    archivedNote: "Archived habits are hidden from Today and keep their history.",
    figuresTitle: "Figures",
    currentStreak: "Current streak",
    bestStreak: "Best streak",
    completionRate: "Completion rate",
    totalCompletions: "Total completions",
    skippedDays: "Skipped days",
    vacationDaysNote: (n: number) => `plus ${n} ${n === 1 ? "day" : "days"} on vacation`,
    days: (n: number) => `${n} ${n === 1 ? "day" : "days"}`,
    showExplanation: "How is it counted?",
    explanationTitle: "How your streak is counted",
    heatmapTitle: "Last 53 weeks",
    heatmapLabel: (from: string, to: string) => `Heatmap of every day from ${from} to ${to}`,
    heatmapSummary: (done: number, skipped: number, vacation: number, missed: number) =>
      `${done} done, ${skipped} skipped, ${vacation} on vacation, ${missed} not done.`,
    heatmapScroll: "Heatmap, scrolls sideways",
    previousMonth: "Previous month",
    nextMonth: "Next month",
    calendarHint: "Tap a day to mark it: not done, done, skipped, then not done again.",
    rename: "Rename",
    nameLabel: "Habit name",
    save: "Save",
    cancel: "Cancel",
    archive: "Archive",
    unarchive: "Unarchive",
    delete: "Delete",
    weekdaysLabel: "Weekdays",
    oneWeekdayLeft: "At least one weekday stays chosen.",
    // The streak explanation.
    streakBegan: (length: string, date: string) => `Your streak of ${length} began on ${date}.`,
    streakBroke: (date: string) => `Your streak broke on ${date}.`,
    runLasted: (length: string, from: string, to: string) =>
      `It had lasted ${length}, from ${from} to ${to}.`,
    runOneDay: (date: string) => `It had lasted 1 day, on ${date}.`,
    lastMissed: (date: string) => `The last missed day was ${date}.`,
    noStreakYet: "No streak yet: mark a day done to start one.",
    skippedInRun: (n: number, dates: string) =>
      `${n === 1 ? "1 day was" : `${n} days were`} skipped: ${dates}.`,
    vacationInRun: (n: number, dates: string) =>
      `${n === 1 ? "1 day was" : `${n} days were`} on vacation: ${dates}.`,
    notDueInRun: (n: number, dates: string) =>
      `${n === 1 ? "1 day was" : `${n} days were`} not due: ${dates}.`,
    moreDates: (n: number) => `${n} more`,
    transparentRule:
      "Skipped days, vacation days and days a habit is not due neither break nor extend a streak.",
    todayOpenRun: (length: string) => `Today is not done yet: do it today to make it ${length}.`,
    todayOpenNone: "Do it today to start a new streak.",
    // A habit counted by kind (docs/product.md, "Kinds of habit"): its figures in days, weeks or months, and how
    // its streak is counted.
    inUnits: (n: number, per: "day" | "week" | "month") => `${n} ${n === 1 ? per : `${per}s`}`,
    unitsMet: (per: "day" | "week" | "month") => `${per[0]!.toUpperCase()}${per.slice(1)}s met`,
    totalAmount: "Total",
    cleanDays: "Clean days",
    slips: "Slips",
    countedDaysDone:
      "Counted in days: each due day done extends the streak; today does not break it until it is over.",
    countedDaysAtLeast: (amount: string) =>
      `Counted in days: a day meets its target with at least ${amount}; today does not break the streak until it is over.`,
    countedDaysAtMost: (amount: string) =>
      `Counted in days: a day meets its target when it stays at or under ${amount}, a day with no number too, once it is over.`,
    countedQuit: "Counted in days: a day without a slip is clean once it is over.",
    countedTimes: (per: "week" | "month", times: number) =>
      `Counted in calendar ${per}s: a ${per} meets its target with ${times} ${times === 1 ? "day" : "days"} done; the ${per} in progress does not break the streak until it is over. A skipped day lowers what its ${per} needs by one.`,
    countedPeriodAtLeast: (per: "week" | "month", amount: string) =>
      `Counted in calendar ${per}s: a ${per} meets its target with at least ${amount} in all; the ${per} in progress does not break the streak until it is over.`,
    countedPeriodAtMost: (per: "week" | "month", amount: string) =>
      `Counted in calendar ${per}s: a ${per} meets its target when its total stays at or under ${amount}; the ${per} in progress does not break the streak until it is over.`,
    weeksStartOn: (weekday: string) => `Weeks start on ${weekday}.`,
    cleanSince: (days: string, date: string) => `${days} clean since ${date}.`,
    noCleanDays: "No clean day yet: a day without a slip counts once it is over.",
    noKindStreak: (per: "day" | "week" | "month") => `No streak yet: meet a ${per}'s target to start one.`,
    excusedRule: "Skipped days and vacation days neither break nor extend a streak.",
  },
  // Asked before a habit is added under a name that another habit already has, ignoring case and surrounding
  // spaces: texts the product does not fix.
  duplicateName: {
    title: "Already on your list",
    existing: (name: string) => `You already have a habit called “${name}”.`,
    question: (name: string) => `Add “${name}” as another habit anyway?`,
    addAnyway: "Add anyway",
    cancel: "Cancel",
  },
  // Settings of the user's days: the day start and vacation mode; texts the product does not fix.
  settingsDays: {
    dayStartTitle: "Day start",
    dayStartLabel: "Day starts at",
    dayStartHelp: "A tick before this time counts for the previous day.",
    todayIs: (date: string) => `Today counts as ${date}.`,
    vacationTitle: "Vacation mode",
    vacationIntro:
      "Pause every habit while you are away: each day of a vacation counts as skipped, so no streak breaks.",
    onVacationUntil: (date: string) => `On vacation until ${date}`,
    vacationPlanned: (from: string, to: string) => `Vacation planned from ${from} to ${to}`,
    endVacation: "End vacation",
    cancelVacation: "Cancel vacation",
    noVacation: "No vacation planned.",
    plannedVacations: "Planned vacations",
    newVacation: "Take a vacation",
    firstDay: "First day",
    lastDay: "Last day",
    startVacation: "Start vacation",
    pastVacations: "Past vacations",
    range: (from: string, to: string) => `${from} to ${to}`,
    missingDays: "Choose the first and the last day of the vacation.",
    lastBeforeFirst: "The last day cannot be before the first day.",
    tooEarly: "Choose days from January 1, 2000 on.",
    tooMany: (max: number) => `You can keep at most ${max} vacations. End or cancel one first.`,
    saveFailed: "Your settings could not be saved. Please try again.",
    weekStartTitle: "Week",
    weekStartLabel: "Week starts on",
    weekStartHelp: "Habits due N times a week, and targets per week, count their weeks from this day.",
    monday: "Monday",
    sunday: "Sunday",
    fromLanguage: "From my language",
  },
  // A habit's kind, how often it is due and its target (docs/product.md, "Kinds of habit"): the add form's
  // folded fields, the habit page's editor and a day's panel; texts the product does not fix.
  habitKinds: {
    habitType: "Habit type",
    yesNo: "Yes or no",
    measurable: "Measurable",
    quit: "Quit",
    quitHint: "Counts the days you did not slip. Today shows an “I slipped” button.",
    unit: "Unit",
    unitHint: "glasses, pages, minutes…",
    target: "Target",
    atLeastOrAtMost: "At least or at most",
    atLeast: "At least",
    atMost: "At most",
    per: "Per",
    day: "Day",
    week: "Week",
    month: "Month",
    step: "Step",
    stepHint: "What Add raises a day's number by.",
    howOften: "How often",
    everyDay: "Every day",
    chosenWeekdays: "On chosen weekdays",
    timesPerWeek: "Times per week",
    timesPerMonth: "Times per month",
    times: "Times",
    countedEveryDay: "A target per week or month is counted every day.",
    noTimesAtMost: "A target to stay under is judged on every due day: no “times per week” or “per month”.",
    badTarget: "Enter a number from 0 to 1,000,000, with at most 3 decimals.",
    badStep: "Enter a number above 0, up to 1,000,000, with at most 3 decimals.",
    badTimes: (max: number) => `Enter a whole number from 1 to ${max}.`,
    // The habit page's editor.
    rulesTitle: "How often and target",
    fromWhichDay: "From which day?",
    fromHint: "Days before it keep the rule they had.",
    badFrom: "Choose a day from January 1, 2000 on.",
    save: "Save changes",
    saved: "Saved.",
    nothingChanged: "Nothing to save: this is the rule in force.",
    current: (rule: string) => `In force: ${rule}`,
    history: "Rules by day",
    inForce: "(in force)",
    ruleFrom: (date: string, rule: string) => `From ${date}: ${rule}`,
    // How a rule reads: "every day", "on Monday and Friday", "3 times a week", "at least 8 glasses a day".
    ruleEveryDay: "every day",
    ruleWeekdays: (days: string) => `on ${days}`,
    ruleTimes: (n: number, per: string) => `${n} ${n === 1 ? "time" : "times"} a ${per}`,
    ruleTarget: (atMost: boolean, amount: string, unit: string, per: string) =>
      `${atMost ? "at most" : "at least"} ${amount}${unit ? ` ${unit}` : ""} a ${per}`,
    // A day's panel on the habit page's calendar.
    dayDetails: (date: string) => `Details of ${date}`,
    openDayHint: "Tap a day to open its number and note.",
    state: (state: string) => `State: ${state}`,
    cycleDay: "Change state",
    amount: (date: string) => `Number on ${date}`,
    noteFor: (date: string) => `Note for ${date}`,
    noteHint: (n: number, max: number) => `${n} of ${max} characters`,
    hasNote: "has a note",
    /** A number with its unit: "5 glasses" (a day's name on the calendar and the heatmap, a habit's total). */
    dayAmount: (amount: number, unit: string) => `${amount}${unit ? ` ${unit}` : ""}`,
    notedDays: (n: number) => `${n === 1 ? "1 day has" : `${n} days have`} a note (outlined).`,
    saveDay: "Save",
    close: "Close",
    badAmount: "Enter a number from 0 to 1,000,000, with at most 3 decimals, or leave it blank.",
  },
  // A habit's strength on the habit page (docs/decisions/0068): texts the product does not fix.
  strength: {
    title: "Strength",
    current: "Strength today",
    explain:
      "Rises with each day or period that meets its target and falls with each one missed; skipped and vacation days leave it as it was.",
    by: "Strength by",
    week: "Week",
    month: "Month",
    chartLabel: (per: "week" | "month", from: string, to: string) =>
      `Strength at the end of each ${per}, from ${from} to ${to}`,
    showTable: "Show as table",
    tableCaption: (per: "week" | "month") => `Strength at the end of each ${per}`,
    periodColumn: (per: "week" | "month") => (per === "week" ? "Week ending" : "Month"),
    valueColumn: "Strength",
    none: "No strength yet: it starts with the first day you mark.",
  },
  // Asked before an import replaces the habits: texts the product does not fix.
  importConfirm: {
    question: (current: number | null, incoming: number) => {
      const yours =
        current === null ? "all your habits" : `your ${current} ${current === 1 ? "habit" : "habits"}`;
      const theirs = incoming === 1 ? "the one" : `the ${incoming}`;
      return `Replace ${yours} with ${theirs} in this file?`;
    },
    body: "Every day marked for your current habits goes with them. Export a backup first if you may want them back.",
    replace: "Replace",
    cancel: "Cancel",
    cancelled: "the import was cancelled",
  },
  // Export for Loop Habit Tracker: the Settings card (docs/decisions/0071).
  loopExport: {
    title: "Back to Loop Habit Tracker",
    description:
      "A Loop backup (.db) of every habit with its days, numbers, notes and reminder. In Loop, choose Settings → Import data and pick it: a habit that came from Loop is updated there, not added twice.",
    button: "Export for Loop Habit Tracker",
    writing: "Writing the Loop backup…",
    done: (fileName: string) => `Saved ${fileName}.`,
    noReminders: (fileName: string) =>
      `Saved ${fileName}, without reminders: they could not be read while offline.`,
    failed: "The Loop backup could not be written. Please try again.",
  },
  // Import from Loop Habit Tracker: the Settings card, its preview and why a file is refused.
  loopImport: {
    title: "Import from Loop Habit Tracker",
    description:
      "Bring your habits and their history from Loop: its full backup (.db) or its CSV export (.zip). You see what comes in before anything is saved.",
    choose: "Choose a Loop backup",
    reading: "Reading the backup…",
    formatDb: (version: number) => `Loop backup (database version ${version})`,
    formatCsv: "Loop CSV export",
    previewTitle: (count: number) => `${count} ${count === 1 ? "habit" : "habits"} in this backup`,
    totals: (done: number, skipped: number) =>
      `${done} ${done === 1 ? "day" : "days"} done and ${skipped} skipped in all.`,
    counts: (done: number, skipped: number) => `${done} done · ${skipped} skipped`,
    /** A measurable habit's counts: its total in its unit, written exactly. */
    measuredCounts: (days: number, total: string, unit: string, skipped: number) =>
      `${days} ${days === 1 ? "day" : "days"} with a number (${total}${unit ? ` ${unit}` : ""} in all) · ${skipped} skipped`,
    /** Appended to `totals` when the file has amounts or notes. */
    moreTotals: (valueDays: number, notes: number) =>
      `${valueDays} ${valueDays === 1 ? "day" : "days"} with a number and ${notes} ${notes === 1 ? "note" : "notes"}.`,
    /** How often a habit is due, as ours: "every day", "3 times a week". */
    howOften: (times: number | null, per: "week" | "month") =>
      times === null ? "every day" : `${times} ${times === 1 ? "time" : "times"} a ${per}`,
    /** How often a Loop habit was due: "every 3 days", "2 times in 5 days". */
    loopHowOften: (num: number, den: number) =>
      num === 1
        ? den === 1
          ? "every day"
          : `every ${den} days`
        : `${num} ${num === 1 ? "time" : "times"} in ${den} ${den === 1 ? "day" : "days"}`,
    due: (howOften: string) => `Due ${howOften}`,
    target: (atMost: boolean, amount: number, unit: string, per: "day" | "week" | "month") =>
      `Target: ${atMost ? "at most" : "at least"} ${amount}${unit ? ` ${unit}` : ""} a ${per}`,
    range: (first: string, last: string) => (first === last ? first : `${first} to ${last}`),
    noDays: "no days",
    archived: "Archived",
    notes: {
      /** An approximation: "Gym: every 3 days became 2 times a week". */
      approximated: (name: string, loop: string, ours: string) => `${name}: ${loop} became ${ours}`,
      targetPeriod: (name: string, amount: number, den: number, daily: number, unit: string) => {
        const u = unit ? ` ${unit}` : "";
        return `${name}: a target of ${amount}${u} every ${den} days became ${daily}${u} a day`;
      },
      targetRounded: (name: string, from: number, to: number) => `${name}: the target ${from} became ${to}`,
      outOfRange: (days: number, max: number) =>
        `${days} ${days === 1 ? "day" : "days"} with a number below 0 or above ${max} ${days === 1 ? "is" : "are"} left out`,
      notesCut: (days: number, max: number) =>
        `${days} ${days === 1 ? "note is" : "notes are"} longer than ${max} characters: cut to ${max}`,
      unitCut: (max: number) => `The unit is cut to ${max} characters`,
      auto: (days: number) =>
        `${days} ${days === 1 ? "day" : "days"} Loop filled in automatically ${days === 1 ? "is" : "are"} not imported: your schedule decides the days due`,
      dropped: (days: number) =>
        `${days} ${days === 1 ? "day" : "days"} before 2000-01-01 or after today ${days === 1 ? "is" : "are"} left out`,
      nameCut: (max: number) => `The name is cut to ${max} characters`,
      unnamed: "Loop had no name for it",
      noDaysFile: "The export has no Checkmarks.csv for it: imported without days",
    },
    unnamed: (position: number) => `Loop habit ${position}`,
    add: "Add to my habits",
    replace: "Replace my habits",
    cancel: "Cancel",
    saving: "Saving…",
    added: (count: number) => `Added ${count} ${count === 1 ? "habit" : "habits"} from Loop to your habits.`,
    replaced: (count: number) =>
      `Replaced your habits with the ${count} ${count === 1 ? "habit" : "habits"} from Loop.`,
    rejected: (reason: string) => `Nothing was changed: ${reason}.`,
    cancelled: "the import was cancelled",
    offline: "the server could not be reached; try again when you are online",
    refused: (detail: string) => `the server refused the import (${detail})`,
    notAccepted: "the server did not accept the import",
    queued:
      "Your habits on the server were not changed yet. The imported habits are shown from this device and are sent when the server can be reached.",
    problems: {
      tooLarge: (mb: number) => `the file is larger than ${mb} MB`,
      notLoop:
        "the file is not a Loop backup: it is neither a Loop database (.db) nor a Loop CSV export (.zip)",
      notLoopDatabase: (missing: string) =>
        `the file is a SQLite database but not Loop's: it has no ${missing}`,
      noHabitsCsv: "the zip is not a Loop CSV export: it has no Habits.csv",
      damaged: (detail: string) => `the file is damaged (${detail})`,
      version: (version: number, min: number, max: number) =>
        `the backup is of Loop database version ${version}, and only versions ${min} to ${max} can be read`,
      badRow: (file: string, line: number, detail: string) => `${file}, line ${line}: ${detail}`,
      noHabits: "the backup holds no habits",
      tooManyHabits: (count: number, max: number) =>
        `the backup holds ${count} habits, and an import takes at most ${max}`,
      unreadable: "the file could not be read",
      readerUnavailable: "the app could not load its reader for Loop backups; please reload the page",
    },
  },
  // What a reminder says: the push notification, the e-mail digest and its unsubscribe page.
  reminderDelivery: {
    title: PRODUCT_NAME,
    leftToday: (names: readonly string[]) =>
      `${names.length} ${names.length === 1 ? "habit" : "habits"} left today: ${names.join(", ")}`,
    /** With a measured or "N times" habit among them: a line each. */
    leftTodayLines: (lines: readonly string[]) =>
      `${lines.length} ${lines.length === 1 ? "habit" : "habits"} left today:\n${lines.join("\n")}`,
    /** What is left of a habit: "Water: 3 of 8 glasses", "Run: 1 of 3 this week". */
    progress: (name: string, done: number, of: number, unit: string, per: "day" | "week" | "month") =>
      `${name}: ${done} of ${of}${unit ? ` ${unit}` : ""}${per === "day" ? "" : ` this ${per}`}`,
    testBody: "Reminders are on. This is how they will look.",
    mailSubject: (names: readonly string[]) =>
      `${names.length} ${names.length === 1 ? "habit" : "habits"} left today`,
    mailTestSubject: `${PRODUCT_NAME}: test reminder`,
    mailOpen: (url: string) => `Open ${PRODUCT_NAME}: ${url}`,
    mailUnsubscribe: (url: string) => `To stop these e-mails, open this link: ${url}`,
    unsubscribeTitle: "Turn off reminder e-mails?",
    unsubscribeAsk: "Press the button to stop reminder e-mails to this address.",
    unsubscribeConfirm: "Turn off reminder e-mails",
    unsubscribedTitle: "Reminder e-mails turned off",
    unsubscribed: "You will get no more reminder e-mails. You can turn them on again in Settings.",
    unsubscribeFailedTitle: "This link does not work",
    unsubscribeFailed:
      "The unsubscribe link is incomplete or was changed. Open Settings to turn reminder e-mails off.",
    openSettings: "Open Settings",
  },
  // Reminder settings on the web: the Settings card, the habit page's own time, the Today card's outcome
  // and the service worker's notification actions.
  reminderSettings: {
    title: "Reminders",
    description: "A daily nudge at the times you choose, only while a habit due today is left undone.",
    loading: "Loading your reminders…",
    timesHeading: "Daily reminder times",
    timeLabel: "Reminder time",
    noTimes: "No reminder times yet.",
    addTime: "Add a reminder time",
    remove: "Remove",
    removeTime: (time: string) => `Remove reminder at ${time}`,
    limit: (max: number) => `You can have up to ${max} reminder times.`,
    channelsHeading: "Where reminders go",
    pushLabel: "Push on this device",
    permissionLabel: "Browser permission",
    pushState: {
      granted: "Allowed",
      default: "Not asked yet",
      denied: "Blocked",
      unsupported: "Not supported in this browser",
    },
    pushSubscribed: "This device gets reminders.",
    pushNotSubscribed: "This device does not get reminders yet.",
    enablePush: "Enable push on this device",
    pushBlockedHelp:
      "Notifications are blocked for this site. Allow them in your browser's site settings to get reminders here.",
    pushUnavailable: "Push could not be set up on this device. Please try again.",
    devices: (n: number) => (n === 1 ? "1 device gets push reminders." : `${n} devices get push reminders.`),
    emailLabel: "E-mail digest",
    emailDescription: "One e-mail at each reminder time naming the habits left.",
    emailUnavailable: "E-mail reminders are not available on this server.",
    emailVerify: "Verify your e-mail to get reminders by mail",
    emailVerifyHelp: (email: string) =>
      `Open the link we mailed to ${email}. Until then, no reminder goes to this address.`,
    emailVerified: (email: string) => `Reminder e-mails go to ${email} (verified).`,
    resendVerification: "Resend verification e-mail",
    verificationSending: "Sending the verification e-mail…",
    verificationSent: (email: string) => `Verification e-mail sent to ${email}. Open its link to confirm.`,
    verificationLimited: "Too many verification e-mails asked for. Please try again in a few minutes.",
    verificationFailed: "Could not send the verification e-mail. Please try again.",
    sendTest: "Send a test reminder",
    testSending: "Sending a test reminder…",
    testSent: (push: number, email: boolean) => {
      const parts = [
        ...(push > 0 ? [push === 1 ? "a push to 1 device" : `a push to ${push} devices`] : []),
        ...(email ? ["an e-mail"] : []),
      ];
      return `Test reminder sent: ${parts.join(" and ")}.`;
    },
    testNothing: "No test reminder was sent: enable push on this device or turn on the e-mail digest first.",
    loadFailed: "Could not load your reminders. Please try again.",
    saveFailed: "Could not save your reminder. Please try again.",
    testFailed: "Could not send a test reminder. Please try again.",
    testLimited: (max: number) =>
      `You can send at most ${max} test reminders an hour. Please try again later.`,
    retry: "Try again",
    habitHeading: "Reminder",
    habitDescription: "Its own daily reminder time, besides your daily ones.",
    habitClear: "Clear reminder time",
    habitSet: (time: string) => `Reminder set for ${time}.`,
    habitCleared: "No reminder time for this habit.",
    promptSet: (time: string) => `Daily reminder set for ${time}.`,
    promptChange: "Change it in Settings",
    promptFailed: "Notifications are on, but the reminder could not be saved. Set it in Settings.",
    doneAction: "Done",
    openAction: "Open",
    fallbackTitle: PRODUCT_NAME,
  },
} as const;
