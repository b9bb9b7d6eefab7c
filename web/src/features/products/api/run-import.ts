import { IMPORT_MESSAGES, type ImportCompleteEvent, type ImportEvent, type ImportMode, type ImportProgressEvent } from '@bosun/shared';
import { apiFetch } from '../../../lib/api-client';
import { importFormData, type ImportUpload } from './preview-import';

/**
 * Reads a `text/event-stream` body line by line ('data: {json}'), calling onProgress for each
 * progress event. Resolves with the complete event; an error event, or a stream that ends
 * without completing, rejects.
 */
export async function readImportStream(
  body: ReadableStream<Uint8Array>,
  onProgress: (event: ImportProgressEvent) => void,
): Promise<ImportCompleteEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const handle = (line: string): ImportCompleteEvent | undefined => {
    const trimmed = line.replace(/\r$/, '');
    if (!trimmed.startsWith('data:')) return undefined;
    const payload = trimmed.slice(5).trimStart();
    if (!payload) return undefined;
    const event = JSON.parse(payload) as ImportEvent;
    if (event.type === 'progress') onProgress(event);
    else if (event.type === 'error') throw new Error(event.message || IMPORT_MESSAGES.importFailed);
    else if (event.type === 'complete') return event;
    return undefined;
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      buffer += decoder.decode(value, { stream: !done });
      let newline = buffer.indexOf('\n');
      while (newline !== -1) {
        const complete = handle(buffer.slice(0, newline));
        if (complete) return complete;
        buffer = buffer.slice(newline + 1);
        newline = buffer.indexOf('\n');
      }
      if (done) {
        const complete = handle(buffer);
        if (complete) return complete;
        throw new Error(IMPORT_MESSAGES.importFailed);
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
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
