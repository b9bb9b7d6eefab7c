import type { Product, StaleVersionDetails } from '@bosun/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-errors';
import { productQueryOptions } from '../api/get-product';
import { mergedSaveBody, staleSaveConflict } from '../model/stale-save';

export interface StaleSave {
  conflict: StaleVersionDetails;
  /** The save that was refused. */
  body: Record<string, unknown>;
}

/**
 * A product form's answer to a save refused as stale (409): the refused save and what others
 * changed, then keep mine (save again on their version), merge (mine except the fields kept as
 * theirs) or take theirs (the stored product reloaded into the form).
 */
export function useStaleSave({ productId, save, reloadInto }: { productId: number; save: (body: Record<string, unknown>) => Promise<void>; reloadInto: (product: Product) => void }) {
  const queryClient = useQueryClient();
  const [stale, setStale] = useState<StaleSave | null>(null);

  /** Whether the error was a stale save, which the dialog now shows. */
  const caught = (error: unknown, body: Record<string, unknown>) => {
    const conflict = staleSaveConflict(error);
    if (conflict) setStale({ conflict, body });
    return conflict !== null;
  };
  const keepMine = () => stale && void save({ ...stale.body, version: stale.conflict.version });
  const merge = (theirs: Set<string>) => stale && void save(mergedSaveBody(stale.body, stale.conflict, theirs));
  const takeTheirs = async () => {
    try {
      const fresh = await queryClient.fetchQuery({ ...productQueryOptions(productId), staleTime: 0 });
      reloadInto(fresh);
      setStale(null);
      notify.info('The form now shows the product as saved by the others');
    } catch (error) {
      notify.error(errorMessage(error, 'Error loading product'));
    }
  };
  return { stale, caught, keepMine, merge, takeTheirs: () => void takeTheirs(), clear: () => setStale(null) };
}
