import type { ExportFormat, ExportMode, ExportUnits, ProductFilterParams } from '@bosun/shared';
import { buildUrl } from '../../../lib/api-client';
import { startDownload } from '../../../lib/save-file';
import { getDownloadToken } from './get-download-token';

/** What to export: the list's filter, or only the chosen products. */
export type ExportTarget = { filter: ProductFilterParams } | { ids: number[] };

export function exportUrl(mode: ExportMode, target: ExportTarget, token: string, units?: ExportUnits, format: ExportFormat = 'csv'): string {
  const params = 'ids' in target ? { ids: target.ids.join(',') } : { ...target.filter };
  // CSV is the server's default: its address stays as it was.
  return buildUrl('/products/export', { mode, ...(format === 'csv' ? {} : { format }), ...params, ...units, download_token: token });
}

/**
 * The export streams from the server straight to disk: a download token in the address replaces
 * the header, so the browser saves the file itself however large it is.
 */
/** `units`: the target store's, for the WooCommerce layout only (the server's default is the shop's). */
export async function exportProducts(mode: ExportMode, target: ExportTarget, units?: ExportUnits, format: ExportFormat = 'csv'): Promise<void> {
  const { token } = await getDownloadToken();
  startDownload(exportUrl(mode, target, token, units, format));
}
