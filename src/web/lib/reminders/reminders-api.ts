// The reminders routes of the contract (core/contract-schema.ts), as the web app calls them.
import type { Reminder, ReminderSettings, ReminderTestResult } from "../../../core/contract-schema";
import { apiRequest } from "../api-request";

export type { Reminder, ReminderSettings, ReminderTestResult };

export const remindersApi = {
  settings: (): Promise<ReminderSettings> => apiRequest("GET /api/reminders"),
  setTimeZone: (timeZone: string): Promise<ReminderSettings> =>
    apiRequest("PUT /api/reminders/time-zone", { body: { timeZone } }),
  setEmail: (enabled: boolean): Promise<ReminderSettings> =>
    apiRequest("PUT /api/reminders/email", { body: { enabled } }),
  /** A daily time (habitId null) or a habit's own time, which replaces the one it had. */
  add: (time: string, habitId: string | null = null): Promise<Reminder> =>
    apiRequest("POST /api/reminders", { body: { time, habitId } }),
  update: (id: string, time: string): Promise<Reminder> =>
    apiRequest("PUT /api/reminders/:id", { params: { id }, body: { time } }),
  remove: (id: string): Promise<ReminderSettings> =>
    apiRequest("DELETE /api/reminders/:id", { params: { id } }),
  test: (): Promise<ReminderTestResult> => apiRequest("POST /api/reminders/test"),
  subscribe: (subscription: PushSubscriptionJSON): Promise<ReminderSettings> =>
    apiRequest("POST /api/push/subscriptions", {
      body: {
        endpoint: subscription.endpoint ?? "",
        keys: { p256dh: subscription.keys?.p256dh ?? "", auth: subscription.keys?.auth ?? "" },
        expirationTime: subscription.expirationTime ?? null,
      },
    }),
};
