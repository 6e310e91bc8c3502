// Types of scripts/build-server.mjs, for the TypeScript that starts the built server (test/support/server-process.ts).
export function buildServer(options?: { outdir?: string; commands?: boolean }): Promise<string[]>;
export function serverNodeOptions(root?: string): string[];
export function serverStartEnv(root?: string): Record<string, string>;
