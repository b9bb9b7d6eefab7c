import type { ImportProgressEvent } from '@bosun/shared';
import { describe, expect, it } from 'vitest';
import { readImportStream } from './run-import';

/** A body that arrives in the given chunks, split wherever the test says. */
function streamOf(chunks: string[]) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

const progress = (current: number, total: number) =>
  ({ type: 'progress', current, total, imported: current, updated: 0, skipped: 0, errors: 0, processingRate: 100, currentProduct: `P-${current}` }) as const;
const complete = { type: 'complete', total: 2, imported: 2, updated: 0, skipped: 0, errors: [], errorCount: 0, errorRows: [], headers: ['SKU'], message: 'done', totalProducts: 7, totalVariations: 0, processingRate: 100, processingTime: 20 };

describe('readImportStream', () => {
  it('reports progress events and resolves with the complete event, however the lines are split', async () => {
    const text = `data: ${JSON.stringify(progress(0, 0))}\n\ndata: ${JSON.stringify(progress(1, 2))}\n\n: keep-alive\n\ndata: ${JSON.stringify(complete)}\n\n`;
    const chunks = [text.slice(0, 7), text.slice(7, 50), text.slice(50, 140), text.slice(140)];
    const seen: ImportProgressEvent[] = [];
    const result = await readImportStream(streamOf(chunks), (e) => seen.push(e));
    expect(seen.map((e) => [e.current, e.total])).toEqual([
      [0, 0],
      [1, 2],
    ]);
    expect(result).toEqual(complete);
  });

  it('rejects with the message of an error event', async () => {
    const text = `data: ${JSON.stringify(progress(1, 2))}\n\ndata: {"type":"error","message":"Disk full"}\n\n`;
    await expect(readImportStream(streamOf([text]), () => {})).rejects.toThrow('Disk full');
  });

  it('rejects when the stream ends without a complete event', async () => {
    await expect(readImportStream(streamOf([`data: ${JSON.stringify(progress(1, 2))}\n\n`]), () => {})).rejects.toThrow('Error importing data');
  });

  it('reads a final event without a trailing line break', async () => {
    await expect(readImportStream(streamOf([`data: ${JSON.stringify(complete)}`]), () => {})).resolves.toEqual(complete);
  });
});
