// What Settings says of push devices the server dropped because they stopped answering
// (docs/decisions/0054-push-to-public-addresses-fairly.md).

const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });

export const removedDevicesCopy = {
  notice: (count: number, at: string) =>
    count === 1
      ? `1 device was removed from push reminders on ${when(at)} because it stopped answering.`
      : `${count} devices were removed from push reminders on ${when(at)} because they stopped answering.`,
  help: (count: number) =>
    `To get reminders there again, open Settings on ${count === 1 ? "that device" : "those devices"} and enable push.`,
} as const;
