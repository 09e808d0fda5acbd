// Driftbox runtime configuration, read before the app starts; edit it in the built app (dist/config.js)
// without rebuilding. backendUrl: the Driftbox server this app talks to, when the app is served from
// another origin (that server must list this origin in CORS_ORIGINS). Empty: the server that serves it.
globalThis.appConfig = globalThis.appConfig || { backendUrl: '' };
