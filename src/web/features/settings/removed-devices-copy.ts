// What Settings says of push devices the server dropped because they stopped answering
// (docs/decisions/0054-push-to-public-addresses-fairly.md), in the catalogue (src/locales).
import { messages } from "../../../core/messages";
import { formatInstant } from "../../ui/format-values";

const when = (iso: string) => formatInstant(iso, true);

export const removedDevicesCopy = {
  notice: (count: number, at: string) => messages.removedDevices.notice(count, when(at)),
  help: (count: number) => messages.removedDevices.help(count),
};
