// The server's own part of the catalogue (docs/decisions/0074): the API's error messages, by id. Only the server reads
// it (messages/in-locale.ts); the web maps error codes to its own texts and never loads this part. An error is
// plain data, an id and its arguments, so that it crosses the SQLite writer's thread and is worded only when the
// answer is written, in the language of whoever reads it (server/http/errors.ts).
import type en from "./compiled/en/server";
import { format, type Tree } from "../i18n/catalogue";
import type { Args } from "../i18n/icu";
import type { NameFault, NameLabel } from "../name";
import { nameMessages } from "../name-texts";
import type { messages } from "../messages";

export type ErrorId = keyof typeof en.apiErrors;

/** A name refused by core/name.ts, where zod found it: worded again in the reader's language. */
export type NameIssue = { path: string; label: NameLabel; fault: NameFault };

/**
 * An error's message: a catalogue id with its arguments, or a validation's issues. `issues` are each a path and
 * zod's text (kept as written: our schemas' wording of JSON fields, for developers), or a name's refusal.
 */
export type ErrorText =
  { id: ErrorId; args?: Args } | { issues: readonly (NameIssue | { path: string; text: string })[] };

export const errorText = (id: ErrorId, args?: Args): ErrorText => (args ? { id, args } : { id });

/** The message of `text` in the part `server` and the name texts of one locale. */
export function wordError(server: Tree, names: typeof messages.names, text: ErrorText): string {
  if ("id" in text) return format(server, `apiErrors.${text.id}`, text.args);
  return text.issues
    .map((issue) => {
      const said = "text" in issue ? issue.text : nameMessages(issue.label, names)[issue.fault];
      return issue.path ? `${issue.path}: ${said}` : said;
    })
    .join("; ");
}
