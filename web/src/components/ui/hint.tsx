import { Tooltip } from '@mantine/core';
import { useRef, useState, type PointerEvent, type ReactNode } from 'react';
import classes from './hint.module.css';

/**
 * A short hint on a control (an icon button's name, why it is disabled, a badge's meaning): a
 * Mantine tooltip while a mouse points at it or the keyboard focuses it, in place of the browser's
 * `title`, which was slow to show and did nothing on a phone (issue 24). A tap on a touch screen
 * does the control's job and opens nothing that would stay open over the page. The hint is no
 * accessible name: an icon button keeps its aria-label.
 *
 * The tooltip is mounted on first use, as TruncatedText's is: the virtual category lists mount
 * dozens of rows per scrolled frame, each with its buttons. The wrapper takes the pointer events,
 * so that a disabled button (which gets none) still says why.
 */
export function Hint({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [opened, setOpened] = useState(false);
  const [used, setUsed] = useState(false);
  const show = (open: boolean) => {
    if (open) setUsed(true);
    setOpened(open);
  };
  const onPointer = (open: boolean) => (event: PointerEvent<HTMLSpanElement>) => {
    if (event.pointerType === 'mouse') show(open);
  };
  // A press focuses the button too (after the pointer is up, on a tap): only a focus the keyboard
  // moved shows the hint. The press ends with its click, or with the focus leaving.
  const pressing = useRef(false);
  const pressEnded = () => (pressing.current = false);

  return (
    <>
      <span
        ref={ref}
        className={classes.hint}
        onPointerEnter={onPointer(true)}
        onPointerLeave={onPointer(false)}
        // A click has done what the hint announced; the hint would only cover what it opened.
        onPointerDown={() => {
          pressing.current = true;
          show(false);
        }}
        onClickCapture={pressEnded}
        onPointerCancel={pressEnded}
        onFocus={() => show(!pressing.current)}
        onBlur={() => {
          pressEnded();
          show(false);
        }}
      >
        {children}
      </span>
      {used && <Tooltip label={label} opened={opened} target={ref} withArrow multiline maw={280} withinPortal />}
    </>
  );
}
