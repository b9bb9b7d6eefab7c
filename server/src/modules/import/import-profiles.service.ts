import { IMPORT_PROFILE_MESSAGES, importProfileBodySchema, type ImportProfile, type ImportProfileFields, type ImportProfileRules, type ImportRulesForm } from '@bosun/shared';
import type { Kysely } from 'kysely';
import { nowIso } from '../../db/clock.js';
import type { DB } from '../../db/types.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { FixedFormat } from './csv-format.js';
import { vendorIdExists } from '../vendors/index.js';
import {
  deleteImportProfileRow,
  findImportProfileIdByName,
  findImportProfileRow,
  insertImportProfile,
  listImportProfileRows,
  updateImportProfileRow,
  type ImportProfileRow,
} from './import-profiles.repository.js';

/**
 * A profile's row as the API answers it. The settings were checked by the shared schema when they
 * were written; read back through it, a profile written by an older version gets the defaults of
 * the rules it did not have.
 */
function toImportProfile(row: ImportProfileRow): ImportProfile {
  const { feedSecret, ...stored } = JSON.parse(row.settings) as { feedSecret?: string };
  const settings = importProfileBodySchema.parse({ ...stored, name: row.name, vendorId: row.vendor_id });
  const feed = settings.feed ? { ...settings.feed, hasSecret: feedSecret !== undefined } : null;
  return { ...settings, feed, id: row.id, vendorName: row.vendor_name, createdAt: row.created_at, updatedAt: row.updated_at, lastUsedAt: row.last_used_at };
}

/** A feed's password or token as stored: sealed by the secret box, beside the settings and never in an answer. */
const storedFeedSecret = (row: Pick<ImportProfileRow, 'settings'> | undefined): string | undefined => (row ? (JSON.parse(row.settings) as { feedSecret?: string }).feedSecret : undefined);

/**
 * The settings as stored, and whether they hold a feed: the feed without its secret, which goes in sealed. A secret not sent
 * keeps the stored one (an edit that does not retype it); '' or a feed with no authentication removes it.
 */
function profileColumns({ name: _name, vendorId: _vendorId, feed, ...settings }: ImportProfileFields, secrets: SecretBox, storedSecret: string | undefined) {
  // has_feed (migration 0042) is written with the settings, so it is never other than they say.
  if (!feed) return { settings: JSON.stringify({ ...settings, feed: null }), has_feed: 0 };
  const { authSecret, ...stored } = feed;
  const feedSecret = feed.authKind === 'none' || authSecret === '' ? undefined : authSecret !== undefined ? secrets.seal(authSecret) : storedSecret;
  return { settings: JSON.stringify({ ...settings, feed: stored, ...(feedSecret !== undefined ? { feedSecret } : {}) }), has_feed: 1 };
}

/** A stored feed as a body sends it, without its answer-only hasSecret (and so without a secret: the stored one is kept). */
const stripped = ({ hasSecret: _hasSecret, ...feed }: NonNullable<ImportProfile['feed']>) => feed;

/** The feed's password or token, opened for a fetch. */
export async function openFeedSecret(db: Kysely<DB>, secrets: SecretBox, id: number): Promise<string | undefined> {
  const sealed = storedFeedSecret(await findImportProfileRow(db, id));
  if (sealed === undefined) return undefined;
  try {
    return secrets.open(sealed);
  } catch {
    throw badRequest(IMPORT_PROFILE_MESSAGES.secretUnreadable, { authSecret: IMPORT_PROFILE_MESSAGES.secretUnreadable });
  }
}

const nameTaken = () => conflict(IMPORT_PROFILE_MESSAGES.nameTaken, { name: IMPORT_PROFILE_MESSAGES.nameTaken });

async function assertWritable(db: Kysely<DB>, body: ImportProfileFields, exceptId?: number) {
  if (!(await vendorIdExists(db, body.vendorId))) throw badRequest(IMPORT_PROFILE_MESSAGES.vendorNotFound, { vendorId: IMPORT_PROFILE_MESSAGES.vendorNotFound });
  if ((await findImportProfileIdByName(db, body.vendorId, body.name, exceptId)) !== undefined) throw nameTaken();
}

export async function listImportProfiles(db: Kysely<DB>, which: { vendorId?: number; withFeed?: boolean } = {}): Promise<ImportProfile[]> {
  return (await listImportProfileRows(db, which)).map(toImportProfile);
}

export async function getImportProfile(db: Kysely<DB>, id: number): Promise<ImportProfile> {
  const row = await findImportProfileRow(db, id);
  if (!row) throw notFound(IMPORT_PROFILE_MESSAGES.notFound);
  return toImportProfile(row);
}

/** A unique-name race between the check and the write is the same 409 as the check's. */
async function writing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw nameTaken();
    throw err;
  }
}

export async function createImportProfile(db: Kysely<DB>, secrets: SecretBox, body: ImportProfileFields): Promise<ImportProfile> {
  await assertWritable(db, body);
  const now = nowIso();
  const id = await writing(() => insertImportProfile(db, { vendor_id: body.vendorId, name: body.name, ...profileColumns(body, secrets, undefined), created_at: now, updated_at: now, last_used_at: null }));
  return getImportProfile(db, id);
}

export async function updateImportProfile(db: Kysely<DB>, secrets: SecretBox, id: number, body: ImportProfileFields): Promise<ImportProfile> {
  const before = await findImportProfileRow(db, id);
  if (!before) throw notFound(IMPORT_PROFILE_MESSAGES.notFound);
  await assertWritable(db, body, id);
  // A form that does not know the feed (it sends none) leaves it as it is, secret included.
  const stored = toImportProfile(before).feed;
  const feed = body.feed !== undefined ? body.feed : stored ? stripped(stored) : null;
  const columns = profileColumns({ ...body, feed }, secrets, storedFeedSecret(before));
  const updated = await writing(() => updateImportProfileRow(db, id, { vendor_id: body.vendorId, name: body.name, ...columns, updated_at: nowIso() }));
  if (!updated) throw notFound(IMPORT_PROFILE_MESSAGES.notFound);
  return getImportProfile(db, id);
}

export async function deleteImportProfile(db: Kysely<DB>, id: number) {
  if (!(await deleteImportProfileRow(db, id))) throw notFound(IMPORT_PROFILE_MESSAGES.notFound);
  return { message: IMPORT_PROFILE_MESSAGES.deleted };
}

/** A profile's rules, as an import applies them. */
/** What a profile fixes of its files' format: 'auto' leaves it to the file. */
export const fixedFormatOf = ({ encoding, delimiter }: Pick<ImportProfile, 'encoding' | 'delimiter'>): FixedFormat => ({
  ...(encoding === 'auto' ? {} : { encoding }),
  ...(delimiter === 'auto' ? {} : { delimiter }),
});

export const rulesOfProfile = ({ updateFields, createNew, emptyCells, missing, priceRules }: ImportProfile): ImportProfileRules => ({ updateFields, createNew, emptyCells, missing, priceRules });

/**
 * The profile an import or its preview names (the form's profileId), checked against the run's
 * vendor, and the rules the run goes by: the form's own when it sends them (the wizard shows the
 * profile's and staff may change them for this run), else the profile's. A bad or unknown profile
 * is a 400 naming the field: it is a field of the request, not the resource asked for.
 */
export async function runProfileOf(db: Kysely<DB>, form: ImportRulesForm, vendorId: number | undefined): Promise<{ profile?: ImportProfile; rules?: ImportProfileRules }> {
  let profile: ImportProfile | undefined;
  if (form.profileId !== undefined) {
    const row = await findImportProfileRow(db, form.profileId);
    if (!row) throw badRequest(IMPORT_PROFILE_MESSAGES.notFound, { profileId: IMPORT_PROFILE_MESSAGES.notFound });
    profile = toImportProfile(row);
    if (vendorId !== undefined && profile.vendorId !== vendorId) throw badRequest(IMPORT_PROFILE_MESSAGES.vendorMismatch, { profileId: IMPORT_PROFILE_MESSAGES.vendorMismatch });
  }
  return { profile, rules: form.rules ?? (profile ? rulesOfProfile(profile) : undefined) };
}
