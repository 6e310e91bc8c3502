// zod for the schemas of core, configured once for where they run. In a browser (a page or a worker) the app's
// Content Security Policy forbids evaluating strings: zod's compiled parsers can never run there, and its check for
// them throws an EvalError on every start, a CSP violation that with DevTools attached (Lighthouse, the audits)
// cost 100 ms of source-position collection with the CPU slowed 6× (docs/decisions/0067-load-behind-the-splash.md).
// On the server they do run.
import { z } from "zod";

const inBrowser = "document" in globalThis || "WorkerGlobalScope" in globalThis;
if (inBrowser) z.config({ jitless: true });

export { z };
