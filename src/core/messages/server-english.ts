// An API error's message in English, for logs and the stored record of a sync push, without messages/in-locale.ts:
// that one holds every locale, and the SQLite writer's thread (which words errors too) needs only English.
import { messages } from "../messages";
import englishServer from "./compiled/en/server";
import { wordError, type ErrorText } from "./server";

export const inEnglish = (text: ErrorText): string => wordError(englishServer, messages.names, text);
