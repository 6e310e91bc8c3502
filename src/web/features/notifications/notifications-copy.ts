// Texts of the test notifications (on enabling, export and import); the product does not fix them.
export const notificationsCopy = {
  enabledTitle: "Notifications are on",
  enabledBody: "Habit Streaks will notify you here.",
  exportTitle: "Backup exported",
  exportBody: (fileName: string) => `Saved ${fileName}`,
  importTitle: "Backup imported",
  importBody: (count: number) => `Imported ${count} ${count === 1 ? "habit" : "habits"}`,
  saveFailed: "Could not save your notification preference. Please try again.",
} as const;
