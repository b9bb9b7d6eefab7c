import os from 'node:os';
import pg from 'pg';

/**
 * What the figures ran on beyond the hardware: the load when the run started and ended (the
 * machine is shared), and the PostgreSQL server's settings that decide its write figures (a
 * 100k-row update on the default 128 MB shared_buffers writes most of its index pages back to the
 * disk as it goes: the bench's bulk edit and undo cannot be read without them).
 */
export const loadAverage = () => os.loadavg().map((n) => Math.round(n * 100) / 100);

const SETTINGS = ['server_version', 'shared_buffers', 'work_mem', 'maintenance_work_mem', 'max_wal_size', 'synchronous_commit', 'wal_compression', 'jit'];

export async function postgresSettings(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      `select name, current_setting(name) as setting from pg_settings where name = any($1::text[]) order by name`,
      [SETTINGS],
    );
    return Object.fromEntries(rows.map((r) => [r.name, r.setting]));
  } finally {
    await client.end();
  }
}
