// Throwaway: the list query of 'stock > 10 + sku starts with LEW' on a catalogue, its plan and timing.
import { createDatabase } from '../../server/src/db/database.js';
import { listProducts } from '../../server/src/modules/products/products.service.js';
import { productListQuerySchema } from '@bosun/shared';
const file = process.argv[2]!;
const db = createDatabase({ kind: 'sqlite', file } as never);
const filter = { advanced_filters: [{ column: 'stock', operator: 'greater_than', value: 10 }, { column: 'sku', operator: 'starts_with', value: 'LEW' }] };
const orig = db.sqlite!.prepare.bind(db.sqlite!);
let shown = 0;
(db.sqlite as any).prepare = (s: string) => { if (shown < 2 && /exists/.test(s)) { shown++; console.log(s.slice(0, 1500)); try { console.log(orig('explain query plan ' + s).all(...[]).map((r: any) => r.detail).join('\n')); } catch (e) { console.log(String(e)); } } return orig(s); };
for (let i = 0; i < 6; i++) {
  const t = performance.now();
  const r = await listProducts({ db: db.db, dialect: 'sqlite' } as never, productListQuerySchema.parse({ advanced_filters: JSON.stringify(filter.advanced_filters) }));
  console.log(`${(performance.now() - t).toFixed(1)} ms`, r.pagination?.total);
}
