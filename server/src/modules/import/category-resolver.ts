import { sql, type Kysely } from 'kysely';
import { nowIso } from '../../db/clock.js';
import type { DB } from '../../db/types.js';
import { childPath } from '../categories/index.js';
import { mappedAlongPath, readOwnMappings } from '../category-mapping/index.js';
import { tidyName, type CategoryPaths } from './category-paths.js';
import { categoryNodeKey } from './import-rules.js';

export interface CategoryNode {
  id: number;
  path: string;
  level: number;
}
type Node = CategoryNode;
type TreeType = 'vendor' | 'store';

/**
 * A path with levels missing, as a writer needs it to create them: the deepest level stored (null:
 * none) and the names below it, each with the key it is matched by (its name in lower case).
 */
export interface MissingLevels {
  type: TreeType;
  /** The vendor a vendor category belongs to (null in the store tree). */
  vendorId: number | null;
  parent: CategoryNode | null;
  names: string[];
  keys: string[];
}

/** A category a writer created for an import, told back to the resolver. */
export interface CreatedCategory extends CategoryNode {
  type: TreeType;
  vendorId: number | null;
  parentId: number | null;
  key: string;
}

/** A category path of a row, with its tree and, in the vendor tree, the vendor it belongs to (the row's). */
export interface CategoryPathRef {
  type: TreeType;
  path: readonly string[];
  vendorId: number | null;
}

/** The category paths a row is filed under, each with its tree; its vendor categories are its vendor's. */
export const categoryPathsOf = ({ categories }: { categories: CategoryPaths }, vendorId: number | null): CategoryPathRef[] => [
  ...(categories.vendor?.length ? [{ type: 'vendor' as const, path: categories.vendor, vendorId }] : []),
  ...(categories.store?.length ? [{ type: 'store' as const, path: categories.store, vendorId: null }] : []),
];

/** Rows per multi-row insert of new categories: 9 values each, well under both databases' parameter limits. */
const CREATE_ROWS_PER_STATEMENT = 500;

/** The key a name is matched by under its parent: tidied, in lower case. */
const matchKey = (name: string) => tidyName(name).toLowerCase();
/** A node's key in its tree: a vendor tree's roots are its vendor's (categoryNodeKey). */
const keyOf = (parentId: number | null, name: string, vendorId: number | null) => categoryNodeKey(parentId, matchKey(name), vendorId);
const vendorOfTree = (type: TreeType, vendorId: number | null) => (type === 'vendor' ? vendorId : null);

/**
 * Resolves category paths to ids with the two trees held in memory (no query per row): names are
 * matched under the same parent regardless of case and surrounding spaces, so re-importing a file
 * never duplicates a category. Missing levels are created either here (ensure: one committed
 * transaction, before a batch's products are written) or by the SQLite writer inside the batch's
 * own transaction (missingLevels, then learn what it created). Both match names by categoryNodeKey.
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
  /**
   * Path arrays by identity (per tree, and per vendor in the vendor tree), resolved or found
   * missing: rows that share a parsed path skip building its key.
   */
  private byPath = new Map<string, WeakMap<readonly string[], number>>();
  private missingByPath = new Map<string, WeakSet<readonly string[]>>();
  /** Vendor category id -> the shop category of its own mapping (issue 23); storeCategoryFromMapping walks a path for the nearest. */
  private mappedStore = new Map<number, number>();
  /** A vendor path's mapped shop category (null: none), per vendor and path array: most rows repeat a path. */
  private readonly mappedByPath = new Map<number | null, WeakMap<readonly string[], number | null>>();

  private constructor(private readonly db: Kysely<DB>) {}

  /**
   * The store tree and the vendor trees of these vendors ('all': every vendor's, for a file that
   * names each row's vendor, issue 19).
   */
  static async load(db: Kysely<DB>, vendorIds: number[] | 'all'): Promise<CategoryResolver> {
    const resolver = new CategoryResolver(db);
    let query = db.selectFrom('categories').select(['id', 'name', 'parent_id', 'path', 'level', 'type', 'vendor_id']);
    if (vendorIds !== 'all') query = query.where((eb) => eb.or([eb('type', '=', 'store'), eb.and([eb('type', '=', 'vendor'), eb('vendor_id', 'in', vendorIds.length ? vendorIds : [-1])])]));
    const [categories, own] = await Promise.all([query.execute(), readOwnMappings(db)]);
    resolver.mappedStore = own;
    for (const c of categories) {
      const tree = c.type === 'store' ? resolver.storeTree : resolver.vendorTree;
      const key = keyOf(c.parent_id, c.name, vendorOfTree(c.type as TreeType, c.vendor_id));
      // The store tree is the shop's one tree: the first match wins, whichever vendor a category names.
      if (!tree.has(key)) tree.set(key, { id: c.id, path: c.path, level: c.level });
    }
    return resolver;
  }

  /** The id of the path's deepest node if every level exists already (for the dry run), counting the new ones. */
  peek(type: 'vendor' | 'store', path: readonly string[], vendorId: number | null = null): number | undefined {
    const owner = vendorOfTree(type, vendorId);
    const treeKey = `${type}${owner ?? ''}`;
    let identities = this.byPath.get(treeKey);
    if (!identities) this.byPath.set(treeKey, (identities = new WeakMap()));
    let missingIdentities = this.missingByPath.get(treeKey);
    if (!missingIdentities) this.missingByPath.set(treeKey, (missingIdentities = new WeakSet()));
    const byIdentity = identities.get(path);
    if (byIdentity !== undefined || missingIdentities.has(path)) return byIdentity;
    const pathKey = `${treeKey}\u0001${path.join('\u0002')}`;
    const known = this.resolved.get(pathKey);
    if (known !== undefined) return known;
    if (this.missing.has(pathKey)) return undefined;
    const tree = type === 'store' ? this.storeTree : this.vendorTree;
    let parent: Node | undefined;
    for (let depth = 0; depth < path.length; depth++) {
      const node = tree.get(keyOf(parent?.id ?? null, path[depth]!, owner));
      if (!node) {
        for (let d = depth; d < path.length; d++) this.pending.add(`${treeKey}|${path.slice(0, d + 1).join('>').toLowerCase()}`);
        this.missing.add(pathKey);
        missingIdentities.add(path);
        return undefined;
      }
      parent = node;
    }
    if (parent) {
      this.resolved.set(pathKey, parent.id);
      identities.set(path, parent.id);
    }
    return parent?.id;
  }

  get newCategoryCount() {
    return this.pending.size;
  }

  /**
   * Creates whatever levels of these paths are missing, in one transaction, level by level: each
   * level's new categories in multi-row inserts, their ids read back by the empty path they are
   * inserted with (no committed category has one), and their paths set in one update. A file's
   * first batch brings about 2,000 new categories: one insert and one update each took half a
   * second on the event loop while the writer waited for them.
   * Within a transaction (or a row's savepoint) when given one; the answer forgets what was created,
   * for when that transaction or savepoint rolls back.
   */
  async ensure(paths: CategoryPathRef[], within?: Kysely<DB>): Promise<() => void> {
    const missing = paths.filter((p) => this.peek(p.type, p.path, p.vendorId) === undefined);
    if (!missing.length) return () => {};
    // Whatever was missing is about to exist (or the import fails): look again from now on.
    this.missing.clear();
    this.missingByPath = new Map();
    const created: Array<[Map<string, Node>, string]> = [];
    /** Rolled back: forget the ids that were never committed. */
    const forget = () => {
      for (const [tree, key] of created) tree.delete(key);
      this.resolved.clear();
      this.byPath = new Map();
      this.missing.clear();
      this.missingByPath = new Map();
    };
    try {
      if (within) await this.create(within, missing, created);
      else await this.db.transaction().execute((trx) => this.create(trx, missing, created));
    } catch (err) {
      forget();
      throw err;
    }
    return forget;
  }

  private async create(trx: Kysely<DB>, missing: CategoryPathRef[], created: Array<[Map<string, Node>, string]>) {
    const now = nowIso();
    const deepest = Math.max(...missing.map((m) => m.path.length));
    for (let depth = 0; depth < deepest; depth++) {
      const level = depth + 1;
      const wanted = new Map<string, { type: 'vendor' | 'store'; key: string; name: string; parent: Node | undefined; vendorId: number | null }>();
      for (const { type, path, vendorId } of missing) {
        if (path.length <= depth) continue;
        const tree = this.treeOf(type);
        const owner = vendorOfTree(type, vendorId);
        const parent = this.nodeAt(tree, path, depth, owner);
        const key = keyOf(parent?.id ?? null, path[depth]!, owner);
        // The first spelling in the file names the category, as the SQLite writer does.
        if (!tree.has(key) && !wanted.has(`${type}\u0001${key}`)) wanted.set(`${type}\u0001${key}`, { type, key, name: tidyName(path[depth]!), parent, vendorId: owner });
      }
      if (!wanted.size) continue;
      const rows = [...wanted.values()].map(({ type, name, parent, vendorId }) => ({
        name,
        type,
        parent_id: parent?.id ?? null,
        vendor_id: vendorId,
        level,
        path: '',
        created_at: now,
        updated_at: now,
      }));
      for (let i = 0; i < rows.length; i += CREATE_ROWS_PER_STATEMENT) await trx.insertInto('categories').values(rows.slice(i, i + CREATE_ROWS_PER_STATEMENT)).execute();
      const fresh = await trx.selectFrom('categories').select(['id', 'name', 'type', 'parent_id', 'vendor_id']).where('path', '=', '').execute();
      // The parents' paths are set already (the level above, or stored before).
      await trx
        .updateTable('categories')
        .set({ path: sql<string>`coalesce((select p.path from categories p where p.id = categories.parent_id), '/') || categories.id || '/'` })
        .where('path', '=', '')
        .execute();
      for (const row of fresh) {
        const entry = wanted.get(`${row.type}\u0001${keyOf(row.parent_id, row.name, vendorOfTree(row.type as TreeType, row.vendor_id))}`);
        if (!entry) throw new Error(`category ${row.id} was created without being asked for`);
        const tree = this.treeOf(entry.type);
        tree.set(entry.key, { id: row.id, level, path: childPath(entry.parent?.path, row.id) });
        created.push([tree, entry.key]);
      }
    }
  }

  private treeOf(type: 'vendor' | 'store') {
    return type === 'store' ? this.storeTree : this.vendorTree;
  }

  /** The node of the path's first `depth` levels (undefined for none), which must exist. */
  private nodeAt(tree: Map<string, Node>, path: readonly string[], depth: number, vendorId: number | null): Node | undefined {
    let node: Node | undefined;
    for (let d = 0; d < depth; d++) {
      node = tree.get(keyOf(node?.id ?? null, path[d]!, vendorId));
      if (!node) throw new Error(`the category path '${path.slice(0, d + 1).join(' > ')}' should exist by now`);
    }
    return node;
  }

  /** The levels of a path that peek found missing, for a writer that creates them itself. */
  missingLevels(type: TreeType, path: readonly string[], vendorId: number | null = null): MissingLevels {
    const tree = this.treeOf(type);
    const owner = vendorOfTree(type, vendorId);
    let parent: Node | undefined;
    let depth = 0;
    for (; depth < path.length; depth++) {
      const node = tree.get(keyOf(parent?.id ?? null, path[depth]!, owner));
      if (!node) break;
      parent = node;
    }
    const names = path.slice(depth).map(tidyName);
    return { type, vendorId: owner, parent: parent ?? null, names, keys: names.map(matchKey) };
  }

  /** Categories a writer created (committed): paths through them resolve from now on. */
  learn(created: CreatedCategory[]) {
    if (!created.length) return;
    for (const c of created) this.treeOf(c.type).set(categoryNodeKey(c.parentId, c.key, c.vendorId), { id: c.id, path: c.path, level: c.level });
    this.missing.clear();
    this.missingByPath = new Map();
  }

  /** Whether any vendor category loaded maps to a shop category: an import then writes shop categories even when its file has none. */
  get hasMappings() {
    return this.mappedStore.size > 0;
  }

  /**
   * The rule of issue 23, for both writers and the dry run: a row whose file gives no shop
   * category takes the one its vendor category maps to, its own mapping or its nearest mapped
   * ancestor's (a level this import creates has no mapping of its own: its parent's counts).
   * Answers undefined when the file gives the row's shop category (the file's wins), else the
   * mapped id or null. Resolved once per path in memory, never per row in SQL.
   */
  storeCategoryFromMapping(categories: CategoryPaths, vendorId: number | null): number | null | undefined {
    if (categories.store?.length) return undefined;
    const path = categories.vendor;
    if (!path?.length || !this.mappedStore.size) return null;
    let known = this.mappedByPath.get(vendorId);
    if (!known) this.mappedByPath.set(vendorId, (known = new WeakMap()));
    const cached = known.get(path);
    if (cached !== undefined) return cached;
    // The stored levels of the path, root first: a level this import creates has no mapping.
    const ids: number[] = [];
    let parent: Node | undefined;
    for (const name of path) {
      parent = this.vendorTree.get(keyOf(parent?.id ?? null, name, vendorId));
      if (!parent) break;
      ids.push(parent.id);
    }
    const mapped = mappedAlongPath(ids, this.mappedStore);
    known.set(path, mapped);
    return mapped;
  }

  /** The id of an existing path (call ensure first). */
  resolve(type: 'vendor' | 'store', path: readonly string[] | undefined, vendorId: number | null = null): number | null {
    if (!path?.length) return null;
    return this.peek(type, path, vendorId) ?? null;
  }
}
