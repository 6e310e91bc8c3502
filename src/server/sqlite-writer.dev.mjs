// The SQLite writer's thread when the server runs as TypeScript (tsx, the tests): tsx's loader on this thread
// first, then the thread's code. The built server starts its bundle, sqlite-writer.worker.js, directly.
import { register } from "tsx/esm/api";

register();
await import("./sqlite-writer.worker.ts");
