// Texts of the test notifications (on enabling, export and import), in the catalogue (src/locales).
import { messages } from "../../../core/messages";

export const notificationsCopy = messages.notifications;
