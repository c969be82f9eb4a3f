/**
 * How often the domains screen refreshes its pending domains unless --watch-interval says: apart
 * from App, so boot.ts reads it without loading the UI.
 */
export const DEFAULT_WATCH_INTERVAL_MS = 10_000;
