import type { Kysely } from 'kysely';
import { nowIso } from '../../db/clock.js';
import type { DB } from '../../db/types.js';
import { tidyName } from './category-paths.js';

interface Node {
  id: number;
  path: string;
  level: number;
}

const keyOf = (parentId: number | null, name: string) => `${parentId ?? 0}|${tidyName(name).toLowerCase()}`;

/**
 * Resolves category paths to ids with the two trees held in memory (no query per row): names are
 * matched under the same parent regardless of case and surrounding spaces, so re-importing a file
 * never duplicates a category. Missing levels are created in one committed transaction per batch,
 * before the batch's products are written.
 */
export class CategoryResolver {
  private readonly vendorTree = new Map<string, Node>();
  private readonly storeTree = new Map<string, Node>();
  /** Paths of this import that do not exist yet, for the dry run's count. */
  private readonly pending = new Set<string>();
  /** Whole paths already resolved, as the rows spell them: most rows repeat a path seen before. */
  private readonly resolved = new Map<string, number>();
  /** Whole paths found missing (and counted in pending) since the last ensure. */
  private readonly missing = new Set<string>();
  /** Path arrays by identity, resolved or found missing: rows that share a parsed path skip building its key. */
  private byPath = { vendor: new WeakMap<readonly string[], number>(), store: new WeakMap<readonly string[], number>() };
  private missingByPath = { vendor: new WeakSet<readonly string[]>(), store: new WeakSet<readonly string[]>() };

  private constructor(
    private readonly db: Kysely<DB>,
    private readonly vendorId: number | null,
  ) {}

  static async load(db: Kysely<DB>, vendorId: number | null): Promise<CategoryResolver> {
    const resolver = new CategoryResolver(db, vendorId);
    let query = db.selectFrom('categories').select(['id', 'name', 'parent_id', 'path', 'level', 'type', 'vendor_id']);
    query = query.where((eb) => eb.or([eb('type', '=', 'store'), eb.and([eb('type', '=', 'vendor'), eb('vendor_id', '=', vendorId ?? -1)])]));
    for (const c of await query.execute()) {
      const tree = c.type === 'store' ? resolver.storeTree : resolver.vendorTree;
      const key = keyOf(c.parent_id, c.name);
      // The store tree is the shop's one tree: the first match wins, whichever vendor a category names.
      if (!tree.has(key)) tree.set(key, { id: c.id, path: c.path, level: c.level });
    }
    return resolver;
  }

  /** The id of the path's deepest node if every level exists already (for the dry run), counting the new ones. */
  peek(type: 'vendor' | 'store', path: readonly string[]): number | undefined {
    const byIdentity = this.byPath[type].get(path);
    if (byIdentity !== undefined || this.missingByPath[type].has(path)) return byIdentity;
    const pathKey = `${type}\u0001${path.join('\u0002')}`;
    const known = this.resolved.get(pathKey);
    if (known !== undefined) return known;
    if (this.missing.has(pathKey)) return undefined;
    const tree = type === 'store' ? this.storeTree : this.vendorTree;
    let parent: Node | undefined;
    for (let depth = 0; depth < path.length; depth++) {
      const node = tree.get(keyOf(parent?.id ?? null, path[depth]!));
      if (!node) {
        for (let d = depth; d < path.length; d++) this.pending.add(`${type}|${path.slice(0, d + 1).join('>').toLowerCase()}`);
        this.missing.add(pathKey);
        this.missingByPath[type].add(path);
        return undefined;
      }
      parent = node;
    }
    if (parent) {
      this.resolved.set(pathKey, parent.id);
      this.byPath[type].set(path, parent.id);
    }
    return parent?.id;
  }

  get newCategoryCount() {
    return this.pending.size;
  }

  /** Creates whatever levels of these paths are missing, in one transaction. */
  async ensure(paths: Array<{ type: 'vendor' | 'store'; path: readonly string[] }>): Promise<void> {
    const missing = paths.filter((p) => this.peek(p.type, p.path) === undefined);
    if (!missing.length) return;
    // Whatever was missing is about to exist (or the import fails): look again from now on.
    this.missing.clear();
    this.missingByPath = { vendor: new WeakSet(), store: new WeakSet() };
    const created: Array<[Map<string, Node>, string]> = [];
    await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      for (const { type, path } of missing) {
        const tree = type === 'store' ? this.storeTree : this.vendorTree;
        let parent: Node | undefined;
        for (const name of path) {
          const key = keyOf(parent?.id ?? null, name);
          let node = tree.get(key);
          if (!node) {
            const level = (parent?.level ?? 0) + 1;
            const { id } = await trx
              .insertInto('categories')
              .values({
                name: tidyName(name),
                type,
                parent_id: parent?.id ?? null,
                vendor_id: type === 'vendor' ? this.vendorId : null,
                level,
                path: '',
                created_at: now,
                updated_at: now,
              })
              .returning('id')
              .executeTakeFirstOrThrow();
            node = { id, level, path: `${parent?.path ?? '/'}${id}/` };
            await trx.updateTable('categories').set({ path: node.path }).where('id', '=', id).execute();
            tree.set(key, node);
            created.push([tree, key]);
          }
          parent = node;
        }
      }
    }).catch((err: unknown) => {
      // Rolled back: forget the ids that were never committed.
      for (const [tree, key] of created) tree.delete(key);
      this.resolved.clear();
      this.byPath = { vendor: new WeakMap(), store: new WeakMap() };
      throw err;
    });
  }

  /** The id of an existing path (call ensure first). */
  resolve(type: 'vendor' | 'store', path: readonly string[] | undefined): number | null {
    if (!path?.length) return null;
    return this.peek(type, path) ?? null;
  }
}
