// Apart from local-date.ts so that code needing only date arithmetic does not load zod (docs/decisions/0060).
import { z } from "./zod-schema";
import { INVALID_LOCAL_DATE_MESSAGE, isLocalDate } from "./local-date";

export const LocalDateSchema = z.string().refine(isLocalDate, { error: INVALID_LOCAL_DATE_MESSAGE });
