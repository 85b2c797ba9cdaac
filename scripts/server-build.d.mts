/** Compiles the server to apps/server/dist (scripts/server-build.mjs). */
export function buildServer(): Promise<void>;
