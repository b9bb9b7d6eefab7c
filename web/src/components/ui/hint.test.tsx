import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { Hint } from './hint';

function renderHinted() {
  const onClick = vi.fn();
  renderWithProviders(
    <Hint label="Edit">
      <button type="button" aria-label="Edit Cleats" onClick={onClick}>
        ✎
      </button>
    </Hint>,
  );
  return { button: screen.getByRole('button', { name: 'Edit Cleats' }), onClick, user: userEvent.setup() };
}

describe('Hint', () => {
  it('shows its label in a tooltip while a mouse points at the control, with no browser title', async () => {
    const { button, user } = renderHinted();
    expect(document.querySelector('[title]')).toBeNull();
    await user.hover(button);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Edit');
    await user.unhover(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('shows it when the keyboard focuses the control, not when a click does', async () => {
    const { button, onClick, user } = renderHinted();
    await user.click(button);
    expect(onClick).toHaveBeenCalledOnce();
    expect(document.activeElement).toBe(button);
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.tab();
    await user.tab({ shift: true });
    expect((await screen.findByRole('tooltip')).textContent).toBe('Edit');
    await user.tab();
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  });

  it('opens nothing on a tap: on a touch screen the control just does its job', async () => {
    const { button, onClick, user } = renderHinted();
    await user.pointer({ keys: '[TouchA]', target: button });
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.queryByRole('tooltip')).toBeNull();
  });
});
