// Throwaway (not committed): times the SQLite bulk edit of every product (list price +10%) in-process.
import fs from 'node:fs';
import { createDatabase } from '../../server/src/db/database.js';
import { bulkUpdateProducts } from '../../server/src/modules/products/product-bulk-update.js';

const src = process.argv[2]!;
for (let round = 0; round < 2; round++) {
  const file = `/tmp/bulk-exp-${round}.db`;
  for (const s of ['', '-wal', '-shm']) fs.rmSync(file + s, { force: true });
  fs.copyFileSync(src, file);
  const db = createDatabase({ kind: 'sqlite', file } as never);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const r = await bulkUpdateProducts(db.db, 'sqlite', { filter: {} as never }, { list_price: { op: 'increase', by: 'percent', value: 10 } } as never, false, null, db.sqlite as never);
  const cpu = process.cpuUsage(cpu0);
  console.log(`round ${round}: ${(performance.now() - t0).toFixed(0)} ms wall, ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms cpu, ${r.updated} updated`);
  await db.db.destroy();
}
console.log(Object.entries((globalThis as any).__T ?? {}).map(([k, v]) => `${(v as number / 2).toFixed(0).padStart(6)} ms  ${k}`).join('\n'));
