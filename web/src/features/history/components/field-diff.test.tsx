import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { browserTitles, cutByWidth } from '../../../test/cut-text';
import { renderWithProviders } from '../../../test/render';
import { FieldDiff } from './field-diff';

const LONG_URL = 'https://cdn.example.test/images/lewmar-ocean-12-24v-vertical-windlass-with-chain-gypsy-front.jpg';

describe('FieldDiff', () => {
  it("shows a list item cut in its badge whole in a tooltip, not in a browser title", async () => {
    const { container } = renderWithProviders(
      <FieldDiff change={{ field: 'images', before: JSON.stringify(['https://cdn.example.test/a.jpg']), after: JSON.stringify([LONG_URL]) }} label="Additional Images" units={{ weight: 'kg', dimension: 'cm' }} />,
    );
    expect(screen.getByText('Removed')).toBeTruthy();
    expect(browserTitles(container)).toEqual([]);
    const item = screen.getByText(LONG_URL);
    cutByWidth(item);
    await userEvent.setup().hover(item);
    expect((await screen.findByRole('tooltip')).textContent).toBe(LONG_URL);
  });
});
