// Texts of the backup cards that the product does not fix; its fixed alerts come from src/core/messages.
export const backupCopy = {
  title: "Backup",
  exportTitle: "Export backup",
  exportDescription: "Download all your habits, with every completed day, as a JSON file.",
  exportButton: "Export backup",
  exported: (fileName: string) => `Saved ${fileName}`,
  exportCsvDescription:
    "Or, for a spreadsheet, every done and skipped day as a CSV file: date, habit, state.",
  exportCsvButton: "Export CSV",
  importTitle: "Import backup",
  importDescription: "Replace your habits with the ones in a Habit Streaks backup file (.json).",
  importButton: "Import backup",
  importing: "Importing…",
  imported: (count: number) =>
    `Imported ${count} ${count === 1 ? "habit" : "habits"}. Your habits now match the backup.`,
  rejectedDetail: (reason: string) => `Nothing was changed: ${reason}.`,
  notJson: "the file name does not end in .json",
  tooLarge: (mb: number) => `the file is larger than ${mb} MB`,
  empty: "the file holds no habits",
  unreadable: "the file could not be read",
  checkerUnavailable: "the app could not load its backup checker; please reload the page",
  exportEmpty: "Add a habit first: there is nothing to export yet.",
  failedDetail:
    "Your habits on the server were not changed. The imported habits are shown from this device for now.",
  refusedDetail: "Nothing was changed: the server did not accept this backup.",
} as const;
