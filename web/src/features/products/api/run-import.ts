import { IMPORT_MESSAGES, type ImportCompleteEvent, type ImportEvent, type ImportMode, type ImportProgressEvent } from '@bosun/shared';
import { apiFetch } from '../../../lib/api-client';
import { eventStreamData } from '../../../lib/event-stream';
import { importFormData, type ImportUpload } from './preview-import';

/**
 * Follows an import's `text/event-stream` body, calling onProgress for each progress event.
 * Resolves with the complete event; an error event, or a stream that ends without completing,
 * rejects.
 */
export async function readImportStream(
  body: ReadableStream<Uint8Array>,
  onProgress: (event: ImportProgressEvent) => void,
): Promise<ImportCompleteEvent> {
  for await (const data of eventStreamData(body)) {
    const event = data as ImportEvent;
    if (event.type === 'progress') onProgress(event);
    else if (event.type === 'error') throw new Error(event.message || IMPORT_MESSAGES.importFailed);
    else if (event.type === 'complete') return event;
  }
  throw new Error(IMPORT_MESSAGES.importFailed);
}

/** Uploads the file to the mode's endpoint and follows its progress to the end. */
export async function runImport(
  mode: ImportMode,
  upload: ImportUpload,
  onProgress: (event: ImportProgressEvent) => void,
  signal?: AbortSignal,
): Promise<ImportCompleteEvent> {
  const response = await apiFetch(`/products/import/${mode}`, {
    method: 'POST',
    body: importFormData(upload),
    headers: { Accept: 'text/event-stream' },
    signal,
  });
  if (!response.body) throw new Error(IMPORT_MESSAGES.importFailed);
  return readImportStream(response.body, onProgress);
}
