import { Tooltip, VisuallyHidden } from '@mantine/core';
import { cloneElement, useId, type ReactElement } from 'react';

interface Props {
  /** Why the control is disabled; null when it is not. */
  reason: string | null;
  /** The disabled control; it should take `aria-describedby` (Mantine buttons and inputs do). */
  children: ReactElement<{ 'aria-describedby'?: string }>;
}

/**
 * A disabled control always says why (issue 24): a tooltip on hover, and the same words as the
 * control's description for screen readers and keyboards (a disabled button takes no focus, so
 * a tooltip alone would reach nobody but mouse users). A disabled button gets no pointer events;
 * the wrapper receives them so that the tooltip still opens.
 */
export function DisabledReason({ reason, children }: Props) {
  const id = useId();
  // One structure whether or not there is a reason, so that the control is not remounted (and
  // does not lose focus or state) when it becomes enabled.
  return (
    <Tooltip label={reason} disabled={!reason} multiline maw={280} withArrow events={{ hover: true, focus: false, touch: true }}>
      <span style={{ display: 'inline-flex' }} data-disabled-reason={reason ?? undefined}>
        {cloneElement(children, { 'aria-describedby': reason ? id : undefined })}
        {reason && <VisuallyHidden id={id}>{reason}</VisuallyHidden>}
      </span>
    </Tooltip>
  );
}
