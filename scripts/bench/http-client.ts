// Requests that keep the bytes as they came over the wire (fetch would gunzip them): for the sizes of answers, and
// for the reference servers, which send exactly what the app sent.
import { Agent, request } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import type { CapturedResponse } from "./processes";

const agent = new Agent({ keepAlive: true, maxSockets: 4 });

/** What a browser sends with every request. */
export const BROWSER_ENCODINGS = "gzip, deflate, br, zstd";

export type RawInit = { method?: string; headers?: Record<string, string>; body?: string };

export function rawRequest(url: string, init: RawInit = {}): Promise<CapturedResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? "GET", headers: init.headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const headers: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          headers.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(chunks) });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(init.body);
  });
}

export function header(response: CapturedResponse, name: string): string | undefined {
  return response.headers.find(([key]) => key.toLowerCase() === name)?.[1];
}

const DECODERS: Record<string, (body: Buffer) => Buffer> = {
  gzip: gunzipSync,
  deflate: inflateSync,
  br: brotliDecompressSync,
};

/** The body as text, decoded from its content-encoding. */
export function text(response: CapturedResponse): string {
  const encoding = header(response, "content-encoding");
  const decode = encoding ? DECODERS[encoding] : (body: Buffer) => body;
  if (!decode) throw new Error(`unexpected content-encoding ${encoding}`);
  return decode(response.body).toString("utf8");
}

export function json<T>(response: CapturedResponse): T {
  if (response.status < 200 || response.status > 299)
    throw new Error(`HTTP ${response.status}: ${text(response).slice(0, 500)}`);
  return JSON.parse(text(response)) as T;
}
