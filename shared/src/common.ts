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
