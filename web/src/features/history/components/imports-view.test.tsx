import type { ImportRun } from '@bosun/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { saveBlob } from '../../../lib/save-file';
import { jsonResponse, renderRoutes } from '../../../test/render';
import { pagination, stubApi } from '../testing/stub-api';
import { ImportsView } from './imports-view';

vi.mock('../../../lib/save-file', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../../lib/save-file')>()), saveBlob: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(saveBlob).mockReset();
});

const started = new Date(Date.now() - 3600_000);
function run(id: number, over: Partial<ImportRun> = {}): ImportRun {
  return {
    id, userId: 3, vendorId: 1, fileName: `prices-${id}.csv`, mode: 'ultra-fast', updateMode: true, status: 'complete',
    startedAt: started.toISOString(), finishedAt: new Date(started.getTime() + 2500).toISOString(),
    rowsRead: 10, created: 2, updated: 7, skipped: 1, errorCount: 0, message: null,
    userName: 'alice', vendorName: 'Harbour Supply', changeId: id * 10, undoneByChangeId: null, rowsNotImported: 0, profileId: null, profileName: null, ...over,
  };
}

function stub() {
  return stubApi([
    [
      'GET',
      '/imports',
      () => ({
        imports: [
          run(4, { status: 'running', finishedAt: null, changeId: null }),
          run(3, { profileId: 5, profileName: 'Daily stock' }),
          run(2, { created: 0, updated: 0, skipped: 10, changeId: null }),
          run(1, { errorCount: 2, undoneByChangeId: 12 }),
        ],
        pagination: pagination(4),
      }),
    ],
    ['GET', '/changes/30/undo', () => ({ changeId: 30, toDelete: 2, toRevert: 7, toRecreate: 0, conflictCount: 0, conflicts: [] })],
  ]);
}

describe('ImportsView', () => {
  it('lists every import with who, vendor, mode, counts, duration and status; Undo import only where there is something to undo', async () => {
    const api = stub();
    renderRoutes([{ path: '/imports', element: <ImportsView /> }], '/imports#import-3');
    const table = await screen.findByRole('table', { name: 'Imports' });
    const row = (id: number) => table.querySelector(`#import-${id}`) as HTMLElement;
    await within(row(3)).findByText('alice');
    expect(within(row(3)).getByText('Import #3 · Harbour Supply')).toBeTruthy();
    expect(within(row(3)).getByLabelText('Import profile').textContent).toBe('Profile: Daily stock');
    expect(within(row(2)).queryByLabelText('Import profile')).toBeNull();
    expect(within(row(3)).getByText('Ultra-fast')).toBeTruthy();
    expect(within(row(3)).getByText('update existing')).toBeTruthy();
    expect(row(3).textContent).toContain('2 created · 7 updated');
    expect(row(3).textContent).toContain('1 skipped · 0 failed');
    expect(within(row(3)).getByText('2.5 s')).toBeTruthy();
    expect(within(row(3)).getByText('Complete')).toBeTruthy();
    // The import a history entry linked to is marked.
    expect(row(3).getAttribute('aria-current')).toBe('true');
    expect(row(2).getAttribute('aria-current')).toBeNull();

    expect(within(row(4)).getByText('Running')).toBeTruthy();
    expect(within(row(4)).queryByRole('button', { name: /Undo import/ })).toBeNull();
    expect((within(row(2)).getByRole('button', { name: 'Undo import #2' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(row(1)).getByRole('button', { name: 'Undo import #1' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(row(1)).getByText('Undone')).toBeTruthy();
    expect(within(row(1)).getByText('2 failed')).toBeTruthy();

    await userEvent.setup().click(within(row(3)).getByRole('button', { name: 'Undo import #3' }));
    const dialog = await screen.findByRole('dialog', { name: 'Undo import #3 (prices-3.csv)' });
    expect((await within(dialog).findByRole('list', { name: 'What the undo will do' })).textContent).toContain('Delete 2 products it created');
    expect(api.calls.filter((c) => c.path.startsWith('/changes')).map((c) => c.path)).toEqual(['/changes/30/undo']);
  });
});

describe('the rows not imported of an import', () => {
  const csv = '\uFEFFSKU,Name,Price,Outcome,Reason\r\nOK-2,Shackle,x,error,Price must be a number\r\n';
  function stubRuns(file: () => Response) {
    return stubApi([
      ['GET', '/imports', () => ({ imports: [run(6, { rowsNotImported: 0 }), run(5, { rowsNotImported: 1234, errorCount: 1234 })], pagination: pagination(2) })],
      ['GET', '/imports/5/rows-not-imported', file],
    ]);
  }

  it('are offered only where the import kept some, and download with the session’s token, not in the address', async () => {
    const api = stubRuns(
      () => new Response(csv, { headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="prices%20may_rows_not_imported.csv"' } }),
    );
    renderRoutes([{ path: '/imports', element: <ImportsView /> }], '/imports');
    const table = await screen.findByRole('table', { name: 'Imports' });
    const row = (id: number) => table.querySelector(`#import-${id}`) as HTMLElement;
    await within(row(6)).findByText('alice');
    expect(within(row(6)).queryByRole('button', { name: /rows not imported/ })).toBeNull();
    const button = within(row(5)).getByRole('button', { name: 'Download rows not imported (1,234), import #5' });
    // In the table, under the failed count; the phone's card spells it out (the name does both).
    expect(button.textContent).toBe('Rows not imported (1,234)');

    await userEvent.setup().click(button);
    await waitFor(() => expect(saveBlob).toHaveBeenCalledTimes(1));
    const [blob, fileName] = vi.mocked(saveBlob).mock.calls[0]!;
    expect(fileName).toBe('prices may_rows_not_imported.csv');
    // Byte for byte, the BOM that spreadsheets need included.
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new TextEncoder().encode(csv));
    const [url, init] = (globalThis.fetch as Mock).mock.calls.find(([u]) => String(u).includes('rows-not-imported'))!;
    expect(String(url)).toBe('/api/imports/5/rows-not-imported');
    expect(new Headers((init as RequestInit).headers).get('Authorization')).toBe('Bearer token-1');
    expect(await screen.findByText('Downloaded prices may_rows_not_imported.csv')).toBeTruthy();
    expect(api.calls.filter((c) => c.path.includes('rows-not-imported'))).toHaveLength(1);
  });

  it('say so in a toast when the file cannot be had', async () => {
    stubRuns(() => jsonResponse({ message: 'This import kept no rows not imported', code: 'NOT_FOUND' }, { status: 404 }));
    renderRoutes([{ path: '/imports', element: <ImportsView /> }], '/imports');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download rows not imported (1,234), import #5' }));
    expect(await screen.findByText('This import kept no rows not imported')).toBeTruthy();
    expect(saveBlob).not.toHaveBeenCalled();
  });
});
