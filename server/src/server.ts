import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { closeGracefully } from './lib/close-gracefully.js';

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const { app } = await buildApp({ ...config, webDist: config.webDist ?? defaultWebDist });
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, deadlineMs: config.shutdownTimeoutMs }, 'closing: finishing in-flight requests');
    const outcome = await closeGracefully(app, config.shutdownTimeoutMs);
    app.log.info({ outcome }, 'closed');
    process.exit(0);
  };
  process.on('SIGTERM', () => void close('SIGTERM'));
  process.on('SIGINT', () => void close('SIGINT'));
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err) => {
  // A configuration the server cannot run with (a setting, a database missing what it needs): its message says what to do.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
