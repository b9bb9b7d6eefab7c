import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types.js';

/**
 * Secrets at rest (a supplier feed's password or token): AES-256-GCM with a fresh 12-byte nonce per
 * value, so the same secret sealed twice gives two different texts and a changed byte is refused.
 * Sealed form: `v1.<nonce>.<tag>.<ciphertext>`, base64url, safe in a text column.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** Throws SecretBoxError when the value was sealed with another key or was altered. */
  open(sealed: string): string;
}

export class SecretBoxError extends Error {
  constructor() {
    super('A stored secret cannot be decrypted: the secret key (SECRET_KEY) changed since it was saved. Enter the password or token again.');
    this.name = 'SecretBoxError';
  }
}

const VERSION = 'v1';
const NONCE_BYTES = 12;

/** The 256-bit key from the configured text: HKDF, so a long passphrase and a random key both give a uniform key. */
const deriveKey = (keyText: string) => Buffer.from(hkdfSync('sha256', keyText, 'bosun-secret-box', 'aes-256-gcm', 32));

export function createSecretBox(keyText: string): SecretBox {
  const key = deriveKey(keyText);
  return {
    seal(plain) {
      const nonce = randomBytes(NONCE_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, nonce, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
    },
    open(sealed) {
      const [version, nonce, tag, body, ...rest] = sealed.split('.');
      if (version !== VERSION || nonce === undefined || tag === undefined || body === undefined || rest.length > 0) throw new SecretBoxError();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        // Never the cause: it says nothing useful and must not carry any part of the value.
        throw new SecretBoxError();
      }
    },
  };
}

/**
 * The key text: SECRET_KEY when set; otherwise one generated at the first start and kept in the
 * database (as the token signing key is), so that a fresh install works and restarts keep it.
 * Setting SECRET_KEY keeps the key out of the database and its backups.
 */
export async function loadSecretKey(db: Kysely<DB>, configured?: string): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(32).toString('base64url');
  await db.insertInto('app_secrets').values({ name: 'secret_key', value: generated }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', 'secret_key').executeTakeFirstOrThrow();
  return row.value;
}
