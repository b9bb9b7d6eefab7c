/** A write refused by a unique index, as either engine reports it. */
export const isUniqueViolation = (err: unknown) => {
  const code = (err as { code?: string } | undefined)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
};
