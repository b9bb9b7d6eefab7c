import type { ExportFormat, ExportMode, ProductFilterParams } from '@bosun/shared';
import { buildUrl } from '../../../lib/api-client';
import { startDownload } from '../../../lib/save-file';
import { getDownloadToken } from './get-download-token';

/** What to export: the list's filter, or only the chosen products. */
export type ExportTarget = { filter: ProductFilterParams } | { ids: number[] };

export function exportUrl(mode: ExportMode, target: ExportTarget, token: string, format: ExportFormat = 'csv'): string {
  const params = 'ids' in target ? { ids: target.ids.join(',') } : { ...target.filter };
  // CSV is the server's default: its address stays as it was.
  return buildUrl('/products/export', { mode, ...(format === 'csv' ? {} : { format }), ...params, download_token: token });
}

/**
 * The export streams from the server straight to disk: a download token in the address replaces
 * the header, so the browser saves the file itself however large it is.
 */
export async function exportProducts(mode: ExportMode, target: ExportTarget, format: ExportFormat = 'csv'): Promise<void> {
  const { token } = await getDownloadToken();
  startDownload(exportUrl(mode, target, token, format));
}
