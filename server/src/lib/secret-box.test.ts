import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { setupTestApp } from '../test/test-app.js';
import { createSecretBox, loadSecretKey, SecretBoxError } from './secret-box.js';

const KEY = 'k'.repeat(40);
const SECRET = 'supplier-P@ssw0rd-äöü';

describe('secret box', () => {
  it('gives back what it sealed, and never the same text twice', () => {
    const box = createSecretBox(KEY);
    const first = box.seal(SECRET);
    const second = box.seal(SECRET);
    expect(first).not.toBe(second);
    expect(first).not.toContain(SECRET);
    expect(first).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box.open(first)).toBe(SECRET);
    expect(box.open(second)).toBe(SECRET);
    expect(box.open(box.seal(''))).toBe('');
  });

  it('refuses a value sealed with another key, or altered, with a clear error that carries none of it', () => {
    const sealed = createSecretBox(KEY).seal(SECRET);
    const other = createSecretBox('another key of at least 32 characters');
    expect(() => other.open(sealed)).toThrow(SecretBoxError);
    expect(() => other.open(sealed)).toThrow('A stored secret cannot be decrypted: the secret key (SECRET_KEY) changed since it was saved. Enter the password or token again.');
    const [version, nonce, tag, body] = sealed.split('.');
    const flipped = `${body!.startsWith('A') ? 'B' : 'A'}${body!.slice(1)}`;
    for (const broken of [[version, nonce, tag, flipped].join('.'), `v2.${nonce}.${tag}.${body}`, 'plain text', '']) {
      expect(() => createSecretBox(KEY).open(broken), broken).toThrow(SecretBoxError);
    }
  });
});

describe('the secret key', () => {
  const t = setupTestApp();

  it('is generated once and kept in the database, so values sealed before a restart open after it', async () => {
    const key = await loadSecretKey(t.database.db);
    expect(key.length).toBeGreaterThanOrEqual(32);
    expect(await loadSecretKey(t.database.db)).toBe(key);
    const sealed = t.app.deps.secrets.seal(SECRET);
    const restarted = await buildApp(t.config, { logger: false });
    try {
      expect(restarted.app.deps.secrets.open(sealed)).toBe(SECRET);
    } finally {
      await restarted.app.close();
    }
  });

  it('is SECRET_KEY when set; a changed key starts the app and fails only the value it cannot open', async () => {
    expect(await loadSecretKey(t.database.db, KEY)).toBe(KEY);
    const sealed = t.app.deps.secrets.seal(SECRET);
    const rekeyed = await buildApp({ ...t.config, secretKey: KEY }, { logger: false });
    try {
      expect((await rekeyed.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect(() => rekeyed.app.deps.secrets.open(sealed)).toThrow(SecretBoxError);
    } finally {
      await rekeyed.app.close();
    }
  });
});
