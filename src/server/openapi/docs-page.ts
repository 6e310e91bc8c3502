// GET /api/docs: the API document as one self-contained HTML page, rendered here from the document itself (no
// script, no CDN, no request beyond the page: the app's CSP holds as it is). An anchor per operation (#operationId).
import type { OpenApiDocument, Operation } from "./document";

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

const code = (value: unknown) => `<pre><code>${escapeHtml(JSON.stringify(value, null, 2))}</code></pre>`;

const STYLE = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem 1.25rem 4rem;color:#0f172a;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e2e8f0;background:#0f172a}a{color:#7dd3fc}pre{background:#1e293b!important}}
h1{font-size:1.8rem}h2{margin-top:2.5rem;border-bottom:1px solid #94a3b8}h3{margin:2rem 0 .25rem;font-size:1.05rem}
code,pre{font:13px/1.4 ui-monospace,monospace}pre{background:#f1f5f9;padding:.6rem;overflow:auto;border-radius:6px}
.m{display:inline-block;min-width:4.2rem;font-weight:700}table{border-collapse:collapse}td,th{padding:.2rem .6rem;
text-align:left;vertical-align:top;border-bottom:1px solid #cbd5e1}nav ul{columns:2}details{margin:.25rem 0}`;

function operationHtml(method: string, path: string, op: Operation): string {
  const security = op.security.length
    ? op.security.map((s) => Object.keys(s).join(" + ")).join(" or ")
    : "none (public)";
  const parameters = (op.parameters ?? [])
    .map(
      (p) => `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td>
      <td>${p.required ? "required" : "optional"}</td><td>${code(p.schema)}</td></tr>`,
    )
    .join("");
  const body = op.requestBody as { content: Record<string, { schema: unknown }> } | undefined;
  const responses = Object.entries(op.responses)
    .map(([status, response]) => {
      const [type, media] = Object.entries(response.content ?? {})[0] ?? [];
      const schema = media
        ? `<details><summary>${escapeHtml(type!)}</summary>${code(media.schema)}</details>`
        : "";
      return `<tr><td>${escapeHtml(status)}</td><td>${escapeHtml(response.description)}${schema}</td></tr>`;
    })
    .join("");
  return `<section id="${escapeHtml(op.operationId)}">
<h3><a href="#${escapeHtml(op.operationId)}"><span class="m">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></a></h3>
<p>${escapeHtml(op.summary)}${op.description ? ` ${escapeHtml(op.description)}` : ""}</p>
<p>Sign-in: ${escapeHtml(security)}</p>
${parameters ? `<table><tr><th>parameter</th><th>in</th><th></th><th>schema</th></tr>${parameters}</table>` : ""}
${body ? `<details><summary>Request body (JSON)</summary>${code(body.content["application/json"]?.schema)}</details>` : ""}
<table><tr><th>status</th><th>answer</th></tr>${responses}</table>
</section>`;
}

export function renderDocsPage(doc: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  const nav = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags[0] ?? "Other";
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op)]);
      const link = `<li><a href="#${escapeHtml(op.operationId)}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`;
      nav.set(tag, [...(nav.get(tag) ?? []), link]);
    }
  const sections = doc.tags
    .filter((tag) => byTag.has(tag.name))
    .map(
      (tag) => `<h2 id="tag-${escapeHtml(tag.name.replace(/\W+/g, "-"))}">${escapeHtml(tag.name)}</h2>
<p>${escapeHtml(tag.description)}</p>${byTag.get(tag.name)!.join("\n")}`,
    )
    .join("\n");
  const toc = doc.tags
    .filter((tag) => nav.has(tag.name))
    .map((tag) => `<h3>${escapeHtml(tag.name)}</h3><ul>${nav.get(tag.name)!.join("")}</ul>`)
    .join("");
  const info = doc.info as { title: string; version: string; description: string };
  const schemes = doc.components.securitySchemes ?? {};
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(info.title)} ${escapeHtml(info.version)}</title><style>${STYLE}</style></head>
<body><main>
<h1>${escapeHtml(info.title)} <small>${escapeHtml(info.version)}</small></h1>
<p>${escapeHtml(info.description)}</p>
<p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<h2 id="auth">Signing in</h2>${code(schemes)}
<h2 id="errors">Errors</h2><p>Every refusal of our routes has this body; <code>code</code> is one of
<code>ApiErrorCode</code>.</p>${code(doc.components.schemas)}
<nav aria-label="Routes"><h2>Routes</h2>${toc}</nav>
${sections}
</main></body></html>`;
}
