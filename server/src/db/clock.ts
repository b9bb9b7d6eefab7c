/** Timestamps are stored as ISO 8601 UTC text in both dialects. */
export const nowIso = () => new Date().toISOString();
