/**
 * For large list answers built by explicit mapping functions (nothing secret can slip in), skip
 * re-validating every element against the zod schema on the way out: for 5,000 categories that
 * check alone cost more than the query. The schema still documents the route in /api/docs.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);
