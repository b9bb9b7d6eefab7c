import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { WIZARD_STEP_LABELS, WizardSteps } from './wizard-steps';

describe('WizardSteps', () => {
  it('never draws an empty circle: done steps carry a check, the others their number', () => {
    for (let active = 0; active < WIZARD_STEP_LABELS.length; active++) {
      const { unmount } = renderWithProviders(<WizardSteps active={active} />);
      const circles = screen.getAllByTestId('wizard-step-circle');
      expect(circles).toHaveLength(5);
      circles.forEach((circle, index) => {
        if (index < active) expect(circle.querySelector('svg')).not.toBeNull();
        else expect(circle.textContent).toBe(String(index + 1));
      });
      expect(screen.getByRole('listitem', { current: 'step' }).textContent).toContain(WIZARD_STEP_LABELS[active]);
      unmount();
    }
  });
});
