/** Builds the harness page and returns its output folder (the server's WEB_DIST for the fs-media journey). */
export function buildHarness(): Promise<string>;
