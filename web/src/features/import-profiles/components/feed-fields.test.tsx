import { FEED_HEADER_NAME_MESSAGE, IMPORT_PROFILE_MESSAGES, type ImportProfile } from '@bosun/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FEED, profileOf, openProfileForm, setUpProfileEdits } from '../testing/profiles-api-stub';

afterEach(() => vi.unstubAllGlobals());


async function save(user: ReturnType<typeof userEvent.setup>, form: HTMLElement) {
  await user.click(within(form).getByRole('button', { name: 'Save profile' }));
}

// The first save's message may still show (a toast lasts 5 s) when the second one's comes.
const saved = async () => expect((await screen.findAllByText(`${IMPORT_PROFILE_MESSAGES.updated}: 'Daily stock'`)).length).toBeGreaterThan(0);

describe('Supplier feed section', () => {
  it('keeps a stored password unless it is replaced (the new one sent) or removed (an empty one sent)', async () => {
    const user = userEvent.setup();
    const puts = setUpProfileEdits(profileOf({ feed: FEED }));

    let form = await openProfileForm(user);
    const stored = within(form).getByRole('group', { name: 'Stored password' });
    expect(within(stored).getByText('A password is stored.')).toBeTruthy();
    // Nothing shows the secret: there is no password input until staff replace it.
    expect(within(form).queryByLabelText('New password')).toBeNull();
    await save(user, form);
    await saved();
    expect(puts[0]!.feed).toEqual({ url: FEED.url, authKind: 'basic', authName: 'shop', schedule: null, fullList: true, maxFailedPercent: 10 });

    form = await openProfileForm(user);
    await user.click(within(form).getByRole('button', { name: 'Replace' }));
    await user.type(within(form).getByLabelText('New password'), 's3cret new');
    await save(user, form);
    await saved();
    expect(puts[1]!.feed).toMatchObject({ authKind: 'basic', authName: 'shop', authSecret: 's3cret new' });

    form = await openProfileForm(user);
    await user.click(within(form).getByRole('button', { name: 'Remove' }));
    expect(within(form).getByText('The stored password is removed when the profile is saved.')).toBeTruthy();
    await save(user, form);
    await saved();
    expect(puts[2]!.feed).toMatchObject({ authKind: 'basic', authSecret: '' });

    // A basic password is no header token: switching asks for one, and without one the password goes.
    form = await openProfileForm(user);
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Authentication' }), 'header');
    expect(within(form).queryByRole('group', { name: 'Stored token' })).toBeNull();
    await user.type(within(form).getByRole('textbox', { name: 'Header name' }), 'X-Key');
    await save(user, form);
    await saved();
    expect(puts[3]!.feed).toMatchObject({ authKind: 'header', authName: 'X-Key', authSecret: '' });
  });

  it("sends the schedule: every N hours or daily at a time of the shop's time zone, with the schema's messages", async () => {
    const user = userEvent.setup();
    const puts = setUpProfileEdits(profileOf({ feed: FEED }));
    const form = await openProfileForm(user);
    const schedule = within(form).getByRole('combobox', { name: /^Schedule/ });
    expect(await within(form).findByText("Times are the shop's time zone: Europe/Oslo (Settings).")).toBeTruthy();

    await user.selectOptions(schedule, 'hours');
    const hours = within(form).getByRole('textbox', { name: /^Every \(hours\)/ });
    await user.clear(hours);
    await user.type(hours, '0');
    await save(user, form);
    expect(await within(form).findByText('Hours must be at least 1')).toBeTruthy();
    expect(puts).toHaveLength(0);
    await user.clear(hours);
    await user.type(hours, '6');
    await save(user, form);
    await saved();
    expect(puts[0]!.feed).toMatchObject({ schedule: { kind: 'hours', everyHours: 6 } });

    const again = await openProfileForm(user);
    await user.selectOptions(within(again).getByRole('combobox', { name: /^Schedule/ }), 'daily');
    // Daily: an Hour and a Minute select of the 24-hour clock, the shop's time zone named beside them.
    const daily = within(again).getByRole('group', { name: 'Daily at' });
    const zone = within(daily).getByText('Europe/Oslo');
    expect(zone.closest('[title]')).toBeNull();
    await user.hover(zone);
    expect((await screen.findByRole('tooltip')).textContent).toBe("The shop's time zone (Settings)");
    await user.unhover(zone);
    const hour = within(daily).getByRole('combobox', { name: 'Hour' });
    const minute = within(daily).getByRole('combobox', { name: 'Minute' });
    expect([(hour as HTMLSelectElement).value, (minute as HTMLSelectElement).value]).toEqual(['06', '00']);
    expect(within(hour).getAllByRole('option').map((o) => o.textContent)).toEqual(Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')));
    expect(within(minute).getAllByRole('option')).toHaveLength(60);
    await user.selectOptions(hour, '05');
    await user.selectOptions(minute, '30');
    await user.click(within(again).getByRole('switch', { name: /Each run is the vendor's full list/ }));
    await save(user, again);
    await saved();
    expect(puts[1]!.feed).toMatchObject({ schedule: { kind: 'daily', at: '05:30' }, fullList: false });
  });

  it('shows a stored daily time in the Hour and Minute selects, and sends it back as it was', async () => {
    const user = userEvent.setup();
    const puts = setUpProfileEdits(profileOf({ feed: { ...FEED, schedule: { kind: 'daily', at: '23:07' } } }));
    const form = await openProfileForm(user);
    const daily = within(form).getByRole('group', { name: 'Daily at' });
    expect((within(daily).getByRole('combobox', { name: 'Hour' }) as HTMLSelectElement).value).toBe('23');
    expect((within(daily).getByRole('combobox', { name: 'Minute' }) as HTMLSelectElement).value).toBe('07');
    await user.selectOptions(within(daily).getByRole('combobox', { name: 'Hour' }), '00');
    await save(user, form);
    await saved();
    expect(puts[0]!.feed).toMatchObject({ schedule: { kind: 'daily', at: '00:07' } });
  });

  it('turns a feed on for an uploaded profile, checks the URL and the header name by the shared schema, and turns it off', async () => {
    const user = userEvent.setup();
    const puts = setUpProfileEdits(profileOf({ feed: null }));
    const form = await openProfileForm(user);
    expect(within(form).queryByRole('textbox', { name: /Feed URL/ })).toBeNull();
    await user.click(within(form).getByRole('radio', { name: 'Fetched from a URL' }));
    await user.type(within(form).getByRole('textbox', { name: /Feed URL/ }), 'ftp://feeds.example/stock.csv');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Authentication' }), 'header');
    await user.type(within(form).getByRole('textbox', { name: 'Header name' }), 'X Api Key');
    // Nothing is stored yet: what is typed is the token.
    await user.type(within(form).getByLabelText('Token'), 'tok-1');
    await save(user, form);
    expect(await within(form).findByText('Feed URL must start with http:// or https://')).toBeTruthy();
    expect(within(form).getByText(FEED_HEADER_NAME_MESSAGE)).toBeTruthy();
    expect(puts).toHaveLength(0);

    await user.clear(within(form).getByRole('textbox', { name: /Feed URL/ }));
    await user.type(within(form).getByRole('textbox', { name: /Feed URL/ }), 'https://feeds.example/stock.csv');
    await user.clear(within(form).getByRole('textbox', { name: 'Header name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Header name' }), 'X-Api-Key');
    await save(user, form);
    await saved();
    expect(puts[0]!.feed).toEqual({ url: 'https://feeds.example/stock.csv', authKind: 'header', authName: 'X-Api-Key', authSecret: 'tok-1', schedule: null, fullList: false, maxFailedPercent: 10 });

    const again = await openProfileForm(user);
    await user.click(within(again).getByRole('radio', { name: 'Uploaded by staff (no feed)' }));
    await save(user, again);
    await saved();
    expect(puts[1]!.feed).toBeNull();
  });
});
