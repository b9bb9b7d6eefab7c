import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { cutByWidth } from '../../test/cut-text';
import { renderWithProviders } from '../../test/render';
import { TruncatedText } from './truncated-text';

const LONG = 'Lewmar Ocean 12/24V Vertical Windlass for Boats to 25 ft with Chain Gypsy';

describe('TruncatedText', () => {
  it('shows the whole text in a tooltip on hover while it is cut, and has no browser title', async () => {
    renderWithProviders(<TruncatedText full={LONG}>{LONG}</TruncatedText>);
    const text = screen.getByText(LONG);
    expect(text.getAttribute('title')).toBeNull();
    cutByWidth(text);
    const user = userEvent.setup();
    await user.hover(text);
    expect((await screen.findByRole('tooltip')).textContent).toBe(LONG);
    await user.unhover(text);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('shows no tooltip for a text that fits', async () => {
    renderWithProviders(<TruncatedText full="Cleat">Cleat</TruncatedText>);
    await userEvent.setup().hover(screen.getByText('Cleat'));
    expect(screen.queryByRole('tooltip')).toBeNull();
  });

  it('shows the tooltip when the cell shows less than the whole (a date for its moment, a dash for its reason)', async () => {
    renderWithProviders(<TruncatedText full="Set on the variations">—</TruncatedText>);
    await userEvent.setup().hover(screen.getByText('—'));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Set on the variations');
  });

  it('tells a cut part inside it (a variation name whose parent part gives way)', async () => {
    renderWithProviders(
      <TruncatedText lines={false} full="Rope — 10 mm / 50 m">
        <span>Rope —</span> <span>10 mm / 50 m</span>
      </TruncatedText>,
    );
    cutByWidth(screen.getByText('Rope —'));
    await userEvent.setup().hover(screen.getByText('10 mm / 50 m').parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Rope — 10 mm / 50 m');
  });

  it('opens and closes with a tap on a touch screen, which has no hover', async () => {
    renderWithProviders(<TruncatedText full={LONG}>{LONG}</TruncatedText>);
    const text = screen.getByText(LONG);
    cutByWidth(text);
    const user = userEvent.setup();
    await user.pointer({ keys: '[TouchA]', target: text });
    expect((await screen.findByRole('tooltip')).textContent).toBe(LONG);
    await user.pointer({ keys: '[TouchA]', target: text });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });
});
