import { emailSchema, PASSWORDS_DO_NOT_MATCH, passwordSchema, updateProfileBodySchema, type UpdateProfileBody, type User } from '@bosun/shared';
import { z } from 'zod';

/**
 * The profile form: the shared email and password rules, a new password that may stay empty,
 * and a confirmation that never leaves the browser.
 */
export const profileFormSchema = z
  .object({
    email: emailSchema,
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword: z.string().superRefine((value, ctx) => {
      if (value === '') return;
      const result = passwordSchema.safeParse(value);
      if (!result.success) ctx.addIssue({ code: 'custom', message: result.error.issues[0]?.message ?? 'Invalid password' });
    }),
    confirmNewPassword: z.string(),
  })
  .refine((v) => v.newPassword === v.confirmNewPassword, { message: PASSWORDS_DO_NOT_MATCH, path: ['confirmNewPassword'] });

export type ProfileFormValues = z.input<typeof profileFormSchema>;

/** Only what changed is sent; the shared body schema then says whether anything did. */
export function toUpdateProfileBody(values: z.output<typeof profileFormSchema>, user: User) {
  const body: UpdateProfileBody = {
    currentPassword: values.currentPassword,
    email: values.email !== user.email ? values.email : undefined,
    newPassword: values.newPassword || undefined,
  };
  return updateProfileBodySchema.safeParse(body);
}
