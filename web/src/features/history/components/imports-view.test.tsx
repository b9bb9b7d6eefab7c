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
    userName: 'alice', vendorName: 'Harbour Supply', changeId: id * 10, undoneByChangeId: null, rowsNotImported: 0, profileId: null, profileName: null, feedRun: false, held: null, ...over,
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
  it("starts another profile's runs at the first page, with no request for the page turned to before", async () => {
    const api = stubApi([['GET', '/imports', () => ({ imports: [run(3, { profileId: 5, profileName: 'Daily stock' })], pagination: pagination(60) })]]);
    renderRoutes([{ path: '/imports', element: <ImportsView /> }], '/imports');
    await screen.findByRole('table', { name: 'Imports' });
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/imports').at(-1)!.query.get('page')).toBe('2'));
    await userEvent.click(within(screen.getByRole('table', { name: 'Imports' })).getByRole('link', { name: 'Daily stock' }));
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/imports').at(-1)!.query.get('profileId')).toBe('5'));
    const profileCalls = api.calls.filter((c) => c.path === '/imports' && c.query.get('profileId') === '5');
    expect(profileCalls.map((c) => c.query.get('page'))).toEqual(['1']);
  });

  it("lists one profile's runs from /imports?profileId=N, links a run's profile there, and shows every import again", async () => {
    const api = stub();
    const { router } = renderRoutes([{ path: '/imports', element: <ImportsView /> }], '/imports?profileId=5');
    const table = await screen.findByRole('table', { name: 'Imports' });
    expect(api.calls.filter((c) => c.path === '/imports').map((c) => c.query.get('profileId'))).toEqual(['5']);
    expect(screen.getByRole('group', { name: 'Imports shown' }).textContent).toContain('Runs of profile Daily stock');
    const row = table.querySelector('#import-3') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Daily stock' }).getAttribute('href')).toBe('/imports?profileId=5');
    await userEvent.click(screen.getByRole('button', { name: 'Show every import' }));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/imports');
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/imports').at(-1)!.query.get('profileId')).toBeNull());
    expect(screen.queryByRole('group', { name: 'Imports shown' })).toBeNull();
  });

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

describe('a held feed run', () => {
  const held = {
    kind: 'missing' as const,
    reason: "412 of the vendor's 2000 products are not in the file (20.6%), more than the profile's limit of 20%.",
    heldAt: started.toISOString(),
    totalRows: 1588,
    create: 0,
    update: 1500,
    skip: 0,
    errorCount: 88,
    errors: [{ row: 7, column: 'Qty', value: 'x', reason: 'Stock must be a whole number' }],
    changes: { unchanged: 1200, fields: { stock: 250, list_price: 50 }, topPriceChanges: [{ sku: 'AN-1', name: 'Anchor', field: 'list_price', from: 10, to: 1000 }] },
    missing: { action: 'zero_stock' as const, vendorProducts: 2000, missing: 412, changes: 412, percent: 20.6, maxPercent: 20, overLimit: true },
  };
  function stubHeld(status: number) {
    let current = run(8, { status: 'held', feedRun: true, held, fileName: 'https://feeds.example/stock.csv', profileId: 2, profileName: 'Daily stock', finishedAt: started.toISOString(), created: 0, updated: 0, skipped: 0, changeId: null });
    return stubApi([
      ['GET', '/imports', () => ({ imports: [current], pagination: pagination(1) })],
      [
        'POST',
        '/imports/8/apply',
        () => {
          if (status !== 202) return jsonResponse({ message: 'Only a held feed run can be applied or dismissed, and this one is not held (any more)', code: 'CONFLICT' }, { status });
          current = { ...current, status: 'running', finishedAt: null };
          return jsonResponse({ message: 'Import #8 is being applied: the Imports page shows its outcome' }, { status: 202 });
        },
      ],
      [
        'POST',
        '/imports/8/dismiss',
        () => {
          current = { ...current, status: 'dismissed', message: 'Dismissed by admin; nothing was imported' };
          return { message: 'Import #8 dismissed: its file was deleted' };
        },
      ],
    ]);
  }

  it('shows why it was held and, under Details, what the dry run found', async () => {
    stubHeld(202);
    renderRoutes([{ path: '/imports', element: <ImportsView /> }], '/imports');
    const panel = await screen.findByRole('region', { name: 'Held import #8' });
    expect(within(screen.getByRole('table', { name: 'Imports' }).querySelector('#import-8') as HTMLElement).getByText('Held')).toBeTruthy();
    expect(within(panel).getByText(held.reason)).toBeTruthy();
    expect(within(panel).queryByRole('region', { name: 'What the dry run found' })).toBeNull();
    await userEvent.setup().click(within(panel).getByRole('button', { name: 'Details of held import #8' }));
    const details = within(panel).getByRole('region', { name: 'What the dry run found' });
    expect(details.textContent).toContain('1,588 rows: 1,500 to update, 0 to create, 0 skipped, 88 failing');
    expect(details.textContent).toContain("412 of the vendor's 2,000 products will be set to stock 0 (not in the file).");
    expect(within(details).getByText('Stock quantity: 250')).toBeTruthy();
    expect(within(details).getByRole('table', { name: 'Largest price changes' }).textContent).toContain('$10.00 → $1,000.00');
    expect(within(details).getByRole('list', { name: 'Rows that fail' }).textContent).toContain('Row 7, Qty: Stock must be a whole number');
    expect(within(details).getByText('and 87 more')).toBeTruthy();
  });

  it('applies it after a dialog that says what will happen, and says so', async () => {
    const api = stubHeld(202);
    renderRoutes([{ path: '/imports', element: <ImportsView /> }], '/imports');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Apply anyway' }));
    const dialog = await screen.findByRole('dialog', { name: 'Apply held import #8?' });
    const consequences = within(dialog).getByRole('list', { name: 'What applying will do' });
    expect(Array.from(consequences.querySelectorAll('li')).map((li) => li.textContent)).toEqual([
      "412 of the vendor's 2,000 products will be set to stock 0 (not in the file).",
      '88 of 1,588 rows fail and will be left out.',
      '1,500 products will be updated and 0 created.',
    ]);
    expect(api.writes()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Apply anyway' }));
    expect(await screen.findByText('Import #8 is being applied: the Imports page shows its outcome')).toBeTruthy();
    expect(api.writes().map((c) => `${c.method} ${c.path}`)).toEqual(['POST /imports/8/apply']);
    // The list is read again: the run is running now, and no longer offers to be applied.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Held import #8' })).toBeNull());
    expect(screen.getByText('Running')).toBeTruthy();
  });

  it("says the server's reason when it cannot be applied", async () => {
    stubHeld(409);
    renderRoutes([{ path: '/imports', element: <ImportsView /> }], '/imports');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Apply anyway' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Apply held import #8?' })).getByRole('button', { name: 'Apply anyway' }));
    expect(await screen.findByText('Only a held feed run can be applied or dismissed, and this one is not held (any more)')).toBeTruthy();
  });

  it('dismisses it after a confirmation, and says so', async () => {
    const api = stubHeld(202);
    renderRoutes([{ path: '/imports', element: <ImportsView /> }], '/imports');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Dismiss held import #8?' })).getByRole('button', { name: 'Dismiss' }));
    expect(await screen.findByText('Import #8 dismissed: its file was deleted')).toBeTruthy();
    expect(api.writes().map((c) => `${c.method} ${c.path}`)).toEqual(['POST /imports/8/dismiss']);
    expect(await screen.findByText('Dismissed')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply anyway' })).toBeNull();
  });
});
