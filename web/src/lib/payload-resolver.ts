import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * Checks what the form would send, `toPayload(values)`, with the server's own schema: the browser
 * refuses what the server would refuse, with the server's messages under the fields.
 */
export function payloadResolver<V extends FieldValues, P>(schema: ZodType<P>, toPayload: (values: V) => Record<string, unknown>): Resolver<V, unknown, P> {
  const validate = zodResolver(schema as never) as unknown as Resolver<Record<string, unknown>, unknown, P>;
  return (values, context, options) => validate(toPayload(values), context, options as never) as ReturnType<Resolver<V, unknown, P>>;
}
