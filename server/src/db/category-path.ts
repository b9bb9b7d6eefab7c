/**
 * A category's path is the ids from the root down to it, each followed by a slash: '/12/40/'.
 * A subtree is every category whose path starts with its root's. Pure, so that worker threads
 * (the import's SQLite writer) use the same rule.
 */
export const ROOT_PATH = '/';

/** The path of category `id` under a parent with this path (none: at the root). */
export const childPath = (parentPath: string | null | undefined, id: number) => `${parentPath ?? ROOT_PATH}${id}/`;

/** The ids of a path, root first. */
export const pathIds = (path: string | null): number[] => (path ? path.split('/').filter(Boolean).map(Number) : []);
