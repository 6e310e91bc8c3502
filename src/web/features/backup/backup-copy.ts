// Texts of the backup cards that the product does not fix, in the catalogue (src/locales); its fixed alerts too.
import { messages } from "../../../core/messages";

export const backupCopy = messages.backup;
