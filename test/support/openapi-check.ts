// Every answer the API tests see is checked against the OpenAPI document: the route and status
// must be documented, and a JSON body must match the documented schema (ajv, JSON Schema 2020-12). The test server
// (test-server.ts) hands each answer here; useTestServer (api-server.ts) turns the checks on and fails a test whose
// answers the document does not describe. Better Auth's endpoints that the document leaves out are not checked.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { buildOpenApiDocument, type OpenApiDocument } from "../../src/server/openapi/document";

type Json = Record<string, unknown>;
type Documented = {
  template: string;
  pattern: RegExp;
  literal: boolean;
  methods: OpenApiDocument["paths"][string];
};

let enabled = false;
let known: { documented: Documented[]; errorBody: ValidateFunction; doc: OpenApiDocument } | undefined;
const pending: Promise<void>[] = [];
const faults: string[] = [];

/** The document's own references (#/components/schemas/…) put in place, so each schema stands alone. */
function inline(value: unknown, components: Json): unknown {
  if (Array.isArray(value)) return value.map((item) => inline(item, components));
  if (value === null || typeof value !== "object") return value;
  const ref = (value as Json).$ref;
  if (typeof ref === "string" && ref.startsWith("#/components/schemas/"))
    return inline(components[ref.slice("#/components/schemas/".length)], components);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inline(v, components)]));
}

const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
const validators = new Map<string, ValidateFunction>();
function validatorOf(key: string, schema: unknown): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(inline(schema, known!.doc.components.schemas ?? {}) as Json);
    validators.set(key, validate);
  }
  return validate;
}

function load() {
  if (known) return known;
  const doc = buildOpenApiDocument("http://localhost");
  const documented = Object.entries(doc.paths)
    .map(([template, methods]) => ({
      template,
      literal: !template.includes("{"),
      pattern: new RegExp(`^${template.replace(/[.]/g, "\\.").replace(/\{\w+\}/g, "[^/]+")}$`),
      methods,
    }))
    // Literal paths first: PUT /api/reminders/time-zone is not PUT /api/reminders/{id}.
    .sort((a, b) => Number(b.literal) - Number(a.literal));
  known = {
    doc,
    documented,
    errorBody: ajv.compile(inline(doc.components.schemas!.ApiError, doc.components.schemas!) as Json),
  };
  return known;
}

const describeErrors = (validate: ValidateFunction) =>
  (validate.errors ?? [])
    .slice(0, 3)
    .map((e) => `${e.instancePath || "body"} ${e.message ?? ""}`)
    .join("; ");

/** `res` is the answer's head; `copy`, a clone of it taken before the test read it (none for a stream). */
async function check(method: string, path: string, res: Response, copy: Response | null): Promise<void> {
  const bodyText = async () => (copy ? copy.text() : "");
  const { documented, errorBody } = load();
  const type = res.headers.get("content-type") ?? "";
  const where = `${method} ${path} → ${res.status}`;
  const match = documented.find((d) => d.pattern.test(path) && d.methods[method.toLowerCase()]);
  if (!match) {
    if (path.startsWith("/api/auth/")) return; // Better Auth's other endpoints: its own document
    // An unknown route or method: our 404 with the error envelope, which the document describes.
    const text = await bodyText();
    if (res.status !== 404 || !errorBody(text ? JSON.parse(text) : null))
      faults.push(`${where}: no such route in the OpenAPI document`);
    return;
  }
  const op = match.methods[method.toLowerCase()]!;
  const response = op.responses[String(res.status)];
  if (!response) {
    faults.push(`${where}: status not documented for ${method} ${match.template}`);
    return;
  }
  const media = Object.entries(response.content ?? {})[0];
  if (!media) {
    if ((await bodyText()) !== "") faults.push(`${where}: a body where the document says none`);
    return;
  }
  const [mediaType, { schema }] = media;
  if (!type.startsWith(mediaType)) {
    faults.push(`${where}: ${type || "no content type"} where the document says ${mediaType}`);
    return;
  }
  if (mediaType !== "application/json") return;
  const text = await bodyText();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    faults.push(`${where}: not JSON`);
    return;
  }
  const validate = validatorOf(`${method} ${match.template} ${res.status}`, schema);
  if (!validate(body)) faults.push(`${where}: ${describeErrors(validate)}`);
}

/** Checks the answers the test server gets from now on (useTestServer calls it), or no more. */
export function checkAnswers(on: boolean): void {
  enabled = on;
}

/** Called by the test server with every answer; returns it untouched. */
export function observeAnswer(method: string, url: string, res: Response): Response {
  if (!enabled) return res;
  const path = new URL(url, "http://localhost").pathname;
  const verb = method.toUpperCase() === "HEAD" ? "GET" : method.toUpperCase();
  // A stream (server-sent events) is not read: its type is checked only.
  const stream = res.headers.get("content-type")?.startsWith("text/event-stream") ?? false;
  if (path.startsWith("/api/") && verb !== "OPTIONS")
    pending.push(
      check(verb, path, res, stream ? null : res.clone()).catch(
        (error: unknown) => void faults.push(`${path}: ${String(error)}`),
      ),
    );
  return res;
}

/** The faults found since the last call, once every answer seen has been checked. */
export async function answerFaults(): Promise<string[]> {
  await Promise.all(pending.splice(0));
  return faults.splice(0);
}
