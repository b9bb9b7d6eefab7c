import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/types.js';

export const TOKEN_LIFETIME_SECONDS = 12 * 60 * 60;

export interface TokenClaims {
  userId: number;
  jti: string;
  expiresAt: Date;
}

export interface TokenService {
  sign(userId: number): Promise<string>;
  /** The claims of a valid token, or undefined for anything else (bad signature, expired, malformed). */
  verify(token: string): Promise<TokenClaims | undefined>;
}

/** The configured secret, else one generated on first start and kept in the database for every server. */
export async function loadSigningSecret(db: Kysely<DB>, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const generated = randomBytes(48).toString('base64url');
  await db.insertInto('app_secrets').values({ name: 'jwt_secret', value: generated }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const row = await db.selectFrom('app_secrets').select('value').where('name', '=', 'jwt_secret').executeTakeFirstOrThrow();
  return new TextEncoder().encode(row.value);
}

export function createTokenService(secret: Uint8Array): TokenService {
  return {
    async sign(userId) {
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setJti(randomUUID())
        .setIssuedAt()
        .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
        .sign(secret);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        if (!Number.isInteger(userId) || !payload.jti || !payload.exp) return undefined;
        return { userId, jti: payload.jti, expiresAt: new Date(payload.exp * 1000) };
      } catch (err) {
        if (err instanceof joseErrors.JOSEError) return undefined;
        throw err;
      }
    },
  };
}
