import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { fileNameFromDisposition, saveBlob } from '../../../lib/save-file';

/**
 * An import's rows not imported, as its results step offered them: fetched with the bearer token
 * (no token in an address) and saved from memory, like the import template. Answers the file's name.
 */
export async function downloadRowsNotImported(importId: number): Promise<string> {
  const response = await apiFetch(`/imports/${importId}/rows-not-imported`);
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition'), `import_${importId}_rows_not_imported.csv`);
  saveBlob(await response.blob(), fileName);
  return fileName;
}

export function useDownloadRowsNotImported() {
  return useMutation({ mutationFn: downloadRowsNotImported });
}
