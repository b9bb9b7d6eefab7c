import { IMPORT_PROFILE_MESSAGES } from '@bosun/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../test/render';
import { FEED, profileOf, renderProfilesScreen, stubProfilesApi } from '../testing/profiles-api-stub';

afterEach(() => vi.unstubAllGlobals());

const runCalls = (calls: ReturnType<typeof stubProfilesApi>) => calls.filter((c) => c.method === 'POST' && c.path === '/api/import-profiles/7/run');

describe('Run now', () => {
  it("starts the feed with the confirmations staff chose, toasts the server's message and links to the Imports page", async () => {
    const user = userEvent.setup();
    const calls = stubProfilesApi();
    renderProfilesScreen();
    await user.click(await screen.findByRole('button', { name: 'Run now: Daily stock' }));
    const dialog = await screen.findByRole('dialog', { name: "Run the feed of 'Daily stock' now" });
    expect(within(dialog).getByText(/fetched from feeds\.example/)).toBeTruthy();
    expect(runCalls(calls)).toHaveLength(0);
    // A full list with 'Set their stock to 0': its limit of 20% can be lifted.
    await user.click(within(dialog).getByRole('checkbox', { name: /Apply the missing-product rule even when more than 20%/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Run now' }));

    expect(await screen.findByText(IMPORT_PROFILE_MESSAGES.feedStarted)).toBeTruthy();
    expect(runCalls(calls).map((c) => c.body)).toEqual([{ confirmMissing: true, acceptFailedRows: false }]);
    expect(screen.queryByRole('dialog', { name: "Run the feed of 'Daily stock' now" })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Open its runs' }));
    expect(await screen.findByRole('heading', { name: 'Imports page' })).toBeTruthy();
  });

  it('offers only the failed-rows confirmation when the missing-product rule does not act, and says a busy feed (409)', async () => {
    const user = userEvent.setup();
    const calls = stubProfilesApi({
      profile: profileOf({ feed: { ...FEED, fullList: false, maxFailedPercent: 5 } }),
      run: () => jsonResponse({ message: IMPORT_PROFILE_MESSAGES.feedBusy, code: 'CONFLICT' }, { status: 409 }),
    });
    renderProfilesScreen();
    await user.click(await screen.findByRole('button', { name: 'Run now: Daily stock' }));
    const dialog = await screen.findByRole('dialog', { name: "Run the feed of 'Daily stock' now" });
    expect(within(dialog).queryByRole('checkbox', { name: /missing-product rule/ })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Import even when more than 5% of the rows fail' }));
    await user.click(within(dialog).getByRole('button', { name: 'Run now' }));

    expect(await screen.findByText(IMPORT_PROFILE_MESSAGES.feedBusy)).toBeTruthy();
    expect(runCalls(calls).map((c) => c.body)).toEqual([{ confirmMissing: false, acceptFailedRows: true }]);
    // Still open: staff may try again once the running one ends, or cancel.
    expect(screen.getByRole('dialog', { name: "Run the feed of 'Daily stock' now" })).toBeTruthy();
  });
});
