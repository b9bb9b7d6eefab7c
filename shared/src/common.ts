import { z } from 'zod';

/** Every error the API returns has this shape (ARCHITECTURE §3). */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.unknown().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** Blank strings from forms become null, so "cleared" and "never set" are stored the same way. */
export const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z.string().trim().max(max).nullable().optional(),
  );

export const isoDateTime = z.string();

export const APP_VERSION = '1.0.0';

/**
 * An http(s) address with a host. Backslashes are refused anywhere: browsers read `\` as `/` in
 * web addresses, so `https:/\evil.example` or `/\evil.example` would leave the site.
 */
const ABSOLUTE_WEB_ADDRESS = /^https?:\/\/[^\s/\\?#][^\s\\]*$/i;
/** A path on this server: one leading slash; `//host` is protocol-relative and leaves the site. */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;

export const isAbsoluteWebAddress = (value: string) => ABSOLUTE_WEB_ADDRESS.test(value);
/** Where images and logos may come from: an http(s) address or a path on this server. */
export const isImageAddress = (value: string) => ABSOLUTE_WEB_ADDRESS.test(value) || SITE_PATH.test(value);
