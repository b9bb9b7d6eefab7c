import { Text, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { useIsPhone } from '../../../../components/ui/use-is-phone';
import classes from './wizard-steps.module.css';

export const WIZARD_STEP_LABELS = ['Upload', 'Map fields', 'Preview', 'Import', 'Results'] as const;

/**
 * Where the wizard is: done steps with a check, the current one outlined, the rest numbered.
 * Drawn without transitions: Mantine's Stepper shows a done step's check only after an animation
 * frame, so a busy or hidden page left its circles empty (issue 24 point 15). On a phone the
 * circles stand alone and the current step is named under them.
 */
export function WizardSteps({ active }: { active: number }) {
  const phone = useIsPhone();
  return (
    <div className={classes.root}>
      <ol className={classes.steps} aria-label="Import steps">
        {WIZARD_STEP_LABELS.map((label, index) => {
          const state = index < active ? 'done' : index === active ? 'current' : 'upcoming';
          return (
            <li key={label} className={classes.step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
              <span className={classes.circle} data-state={state} data-testid="wizard-step-circle">
                {state === 'done' ? <IconCheck size={14} stroke={3} aria-hidden /> : index + 1}
              </span>
              {phone ? <VisuallyHidden>{label}</VisuallyHidden> : <span className={classes.label}>{label}</span>}
              {state === 'done' && <VisuallyHidden> (done)</VisuallyHidden>}
              {index < WIZARD_STEP_LABELS.length - 1 && <span className={classes.line} data-done={index < active || undefined} aria-hidden />}
            </li>
          );
        })}
      </ol>
      {phone && (
        <Text size="sm" fw={600} mt={6} aria-hidden>
          Step {active + 1} of {WIZARD_STEP_LABELS.length}: {WIZARD_STEP_LABELS[active]}
        </Text>
      )}
    </div>
  );
}
