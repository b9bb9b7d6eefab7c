import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('the supplier feeds and scheduler configuration', () => {
  it('refuses private addresses by default, and limits a feed as an upload unless told otherwise', () => {
    const config = loadConfig({ IMPORT_MAX_MB: '200' });
    expect(config.feeds).toEqual({ allowPrivateAddresses: false, maxBytes: 200 * 1024 * 1024, timeoutMs: 600_000, idleTimeoutMs: 60_000 });
    expect(config.schedulerIntervalMs).toBe(30_000);
    expect(config.secretKey).toBeUndefined();
  });

  it('reads the feed variables and the secret key', () => {
    const config = loadConfig({
      FEED_ALLOW_PRIVATE_ADDRESSES: 'true',
      FEED_MAX_MB: '50',
      FEED_TIMEOUT_SECONDS: '60',
      FEED_IDLE_TIMEOUT_SECONDS: '15',
      SCHEDULER_INTERVAL_SECONDS: '5',
      SECRET_KEY: 's'.repeat(32),
    });
    expect(config.feeds).toEqual({ allowPrivateAddresses: true, maxBytes: 50 * 1024 * 1024, timeoutMs: 60_000, idleTimeoutMs: 15_000 });
    expect(config.schedulerIntervalMs).toBe(5_000);
    expect(config.secretKey).toBe('s'.repeat(32));
  });

  it('stops start-up naming each bad value', () => {
    expect(() => loadConfig({ SECRET_KEY: 'short', FEED_ALLOW_PRIVATE_ADDRESSES: 'maybe', FEED_MAX_MB: '0' })).toThrow(ConfigError);
    try {
      loadConfig({ SECRET_KEY: 'short', FEED_ALLOW_PRIVATE_ADDRESSES: 'maybe', FEED_MAX_MB: '0' });
    } catch (err) {
      expect((err as Error).message).toMatch(/SECRET_KEY: must be at least 32 characters/);
      expect((err as Error).message).toMatch(/FEED_ALLOW_PRIVATE_ADDRESSES: must be true or false/);
      expect((err as Error).message).toMatch(/FEED_MAX_MB/);
    }
  });
});
