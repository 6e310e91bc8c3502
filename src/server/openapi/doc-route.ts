// A route as the API document describes it (api-routes.ts, auth-routes.ts, document.ts).
import type { z } from "zod";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
/** Who may call: anyone; a session cookie or an API token; a session cookie only. */
export type Access = "public" | "user" | "session";
/** An answer's body: JSON of a schema, none (204), an HTML page, a stream of server-sent events, any JSON object. */
export type DocBody = { json: z.ZodType } | "none" | "html" | "events" | "json-object";

export type DocRoute = {
  method: Method;
  /** Hono's form: /api/habits/:id. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  query?: z.ZodType;
  json?: z.ZodType;
  /** Path parameters' schemas by name; a parameter not named here is a string. */
  params?: Record<string, z.ZodType>;
  /** The route reads X-Local-Date (the user's day). */
  localDate?: boolean;
  success: Record<number, DocBody>;
  /** Statuses of refusals; default: from the route's access, method and input (defaultErrors). */
  errors?: number[];
  /** Our envelope (default), Better Auth's, or an HTML page. */
  errorBody?: "api" | "auth" | "html";
};
