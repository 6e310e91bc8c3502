// The OpenAPI 3.1 document of the API, generated from the routes' zod schemas (api-routes.ts)
// with zod's own JSON Schema output (draft 2020-12, the dialect of OpenAPI 3.1). Request and answer schemas are
// written from the JSON side (io: "input"): an answer's schema parses the JSON the server sends.
import { z } from "zod";
import { APP_VERSION } from "../../core/constants";
import { API_ERROR_CODES } from "../../core/contract";
import { ApiErrorBodySchema } from "../../core/contract-schema";
import { apiRoutes, defaultErrors, type DocBody, type DocRoute } from "./api-routes";
import { AuthErrorSchema } from "./auth-routes";

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = {
  openapi: "3.1.0";
  info: Record<string, unknown>;
  servers: { url: string; description?: string }[];
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: Record<string, Record<string, unknown>>;
};
export type Operation = {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: Record<string, unknown>[];
  requestBody?: Record<string, unknown>;
  responses: Record<string, Response>;
};
type Response = { description: string; content?: Record<string, { schema: JsonSchema }> };

const TAGS = [
  ["Habits", "Habits and their days. Figures (streaks, rate) are derived for the user's day."],
  ["Groups", "The user's groups of habits (at most 50): Today's sections, in the user's order."],
  [
    "Sync",
    "The offline-first devices' protocol: pull changes after a cursor, push queued ops, hear of changes.",
  ],
  ["Profile", "The user's display name, photo and preferences."],
  ["Reminders", "Reminder times, push devices and the e-mail digest."],
  ["API tokens", "Personal tokens for scripts and integrations: made and revoked signed in, in Settings."],
  [
    "Accounts",
    "Better Auth's endpoints (under /api/auth) that the web app uses; errors are { code, message }.",
  ],
  ["App", "Public facts about the server, and this document."],
] as const;

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  204: "No content",
  304: "Not modified (ETag)",
  400: "Bad input: the message names what is wrong",
  401: "Not signed in: no session cookie or API token, or one that ended, was revoked or expired",
  403:
    "A change from another site, a read-only token asked to write, a token where only a session may act, or a " +
    "token asked for without a recent sign-in or with a wrong password",
  404: "No such thing, or another user's",
  409: "A conflict, or a quota or limit of the account",
  413: "The request body is too large",
  422: "The account exists already",
  429: "Too many requests: see Retry-After",
  500: "Something went wrong on the server",
  503: "The database is unreachable",
};

/** A schema as JSON Schema, without the dialect marker (the document's dialect is 2020-12 already). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io: "input",
    // A check in code (z.custom: a schedule, a vacation) has no JSON Schema form: any value, checked by the server.
    unrepresentable: "any",
  }) as JsonSchema;
  return rest;
}

/** /api/habits/:id/completions/:date → /api/habits/{id}/completions/{date}. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");

const operationId = (route: DocRoute) =>
  route.method.toLowerCase() +
  route.path
    .replace(/^\/api/, "")
    .split(/[/.-]/)
    .filter(Boolean)
    .map((part) => (part.startsWith(":") ? `By${cap(part.slice(1))}` : cap(part)))
    .join("");
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

const ERROR_REF = { $ref: "#/components/schemas/ApiError" };
const AUTH_ERROR_REF = { $ref: "#/components/schemas/AuthError" };

function bodyContent(body: DocBody): Record<string, { schema: JsonSchema }> | undefined {
  if (body === "none") return undefined;
  if (body === "html") return { "text/html": { schema: { type: "string" } } };
  if (body === "events") return { "text/event-stream": { schema: { type: "string" } } };
  if (body === "json-object") return { "application/json": { schema: { type: "object" } } };
  return { "application/json": { schema: jsonSchemaOf(body.json) } };
}

function errorContent(route: DocRoute): Record<string, { schema: JsonSchema }> {
  if (route.errorBody === "html") return { "text/html": { schema: { type: "string" } } };
  // Our middlewares (Origin check, body limit) answer /api/auth requests with our envelope too.
  if (route.errorBody === "auth")
    return { "application/json": { schema: { anyOf: [AUTH_ERROR_REF, ERROR_REF] } } };
  return { "application/json": { schema: ERROR_REF } };
}

function parametersOf(route: DocRoute): Record<string, unknown>[] {
  const parameters: Record<string, unknown>[] = [];
  for (const [, name] of route.path.matchAll(/:(\w+)/g)) {
    const schema = route.params?.[name!];
    parameters.push({
      name,
      in: "path",
      required: true,
      schema: schema ? jsonSchemaOf(schema) : { type: "string" },
    });
  }
  if (route.query) {
    const query = jsonSchemaOf(route.query);
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, JsonSchema>))
      parameters.push({ name, in: "query", required: required.has(name), schema });
  }
  if (route.localDate)
    parameters.push({
      name: "X-Local-Date",
      in: "header",
      required: false,
      description: "The user's day (YYYY-MM-DD), within one day of the server's UTC date; else the UTC date.",
      schema: { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$" },
    });
  return parameters;
}

const SECURITY: Record<DocRoute["access"], string[]> = {
  public: [],
  user: ["sessionCookie", "bearerToken"],
  session: ["sessionCookie"],
};

function operationOf(route: DocRoute): Operation {
  const responses: Record<string, Response> = {};
  for (const [status, body] of Object.entries(route.success)) {
    const content = bodyContent(body);
    responses[status] = { description: STATUS_TEXT[Number(status)] ?? "", ...(content && { content }) };
  }
  for (const status of route.errors ?? defaultErrors(route))
    responses[String(status)] = {
      description: STATUS_TEXT[status] ?? "Refused",
      content: errorContent(route),
    };
  const parameters = parametersOf(route);
  return {
    operationId: operationId(route),
    summary: route.summary,
    ...(route.description && { description: route.description }),
    tags: [route.tag],
    security: SECURITY[route.access].map((scheme) => ({ [scheme]: [] })),
    ...(parameters.length > 0 && { parameters }),
    ...(route.json && {
      requestBody: { required: true, content: { "application/json": { schema: jsonSchemaOf(route.json) } } },
    }),
    responses,
  };
}

/** The error envelope, its code naming the ApiErrorCode component (the list of core/contract.ts). */
function errorSchema(): JsonSchema {
  const schema = jsonSchemaOf(ApiErrorBodySchema);
  const inner = (schema.properties as Record<string, JsonSchema>).error!;
  (inner.properties as Record<string, JsonSchema>).code = { $ref: "#/components/schemas/ApiErrorCode" };
  return schema;
}

/** The whole document; `baseUrl` is the server's public address (BASE_URL). */
export function buildOpenApiDocument(baseUrl: string): OpenApiDocument {
  const paths: OpenApiDocument["paths"] = {};
  for (const route of apiRoutes()) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method.toLowerCase()]: operationOf(route) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Habit Streaks API",
      version: APP_VERSION,
      description:
        'JSON under /api. Every refusal of our routes is `{ "error": { "code", "message" } }` with one of the ' +
        "codes of the ApiErrorCode schema. Sign in with the session cookie of /api/auth/sign-in/email, or send a " +
        "personal API token (Settings → API tokens) as `Authorization: Bearer hs_…`: a read-only token may only " +
        "read, and tokens are not accepted under /api/auth. Writes count in a per-user limit a minute (429 with " +
        "Retry-After); a cookie-signed change must come from the app's own origin.",
    },
    servers: [{ url: baseUrl, description: "This server" }],
    tags: TAGS.map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: {
        ApiError: errorSchema(),
        ApiErrorCode: { type: "string", enum: [...API_ERROR_CODES] },
        AuthError: jsonSchemaOf(AuthErrorSchema),
      },
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "better-auth.session_token",
          description: "Set by sign-in (named __Secure-better-auth.session_token behind HTTPS).",
        },
        bearerToken: {
          type: "http",
          scheme: "bearer",
          description: "A personal API token, hs_ followed by 43 characters; read-only or read-write.",
        },
      },
    },
  };
}
