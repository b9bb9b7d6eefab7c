/**
 * bindChange (change-context.ts) for a raw better-sqlite3 connection: the import's writer thread,
 * whose bundle takes no query builder. Run at the start of a write transaction with the change's
 * id, and with null before its commit.
 */
export const SQLITE_BIND_CHANGE = 'update change_context set change_id = ? where id = 1';
