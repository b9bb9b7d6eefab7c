// `npm run test:pg`: the API suite against the PostgreSQL server at TEST_DATABASE_URL (each test file gets its own database).
import { spawnSync } from 'node:child_process';

if (!process.env.TEST_DATABASE_URL) {
  console.error('Set TEST_DATABASE_URL to a PostgreSQL server, e.g. postgres://postgres:postgres@127.0.0.1:5432/postgres');
  process.exit(2);
}
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
