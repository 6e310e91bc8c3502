import type { ReminderSettings } from "../../../core/contract-schema";
import { mutedText } from "../../ui/settings-section";
import { removedDevicesCopy as copy } from "./removed-devices-copy";

/** Tells the user that push devices were dropped for failing again and again; nothing when none were. */
export function RemovedDevicesNotice({ removed }: { removed: ReminderSettings["push"]["removed"] }) {
  if (!removed) return null;
  return (
    <div
      role="status"
      className="mt-2 rounded-md bg-amber-50 p-3 text-sm dark:bg-amber-950"
      data-testid="push-removed"
    >
      <p className="font-medium text-amber-900 dark:text-amber-100">
        {copy.notice(removed.count, removed.at)}
      </p>
      <p className={`mt-1 ${mutedText}`}>{copy.help(removed.count)}</p>
    </div>
  );
}
