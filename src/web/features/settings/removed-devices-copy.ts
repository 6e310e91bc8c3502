// What Settings says of push devices the server dropped because they stopped answering
// (docs/decisions/0054-push-to-public-addresses-fairly.md), in the catalogue (src/locales).
import { messages } from "../../../core/messages";

const when = (iso: string) => new Date(iso).toLocaleString([], { dateStyle: "medium", timeStyle: "short" });

export const removedDevicesCopy = {
  notice: (count: number, at: string) => messages.removedDevices.notice(count, when(at)),
  help: (count: number) => messages.removedDevices.help(count),
};
