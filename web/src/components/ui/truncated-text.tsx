import { Tooltip } from '@mantine/core';
import { useClickOutside } from '@mantine/hooks';
import { useState, type PointerEvent, type ReactNode } from 'react';
import classes from './truncated-text.module.css';

/** The element, or one of its parts, shows less than its text: cut by its box's width or lines. */
function isCut(element: HTMLElement): boolean {
  const overflows = (box: Element) => box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1;
  return overflows(element) || Array.from(element.children).some(overflows);
}

interface TruncatedTextProps {
  children: ReactNode;
  /** The whole text, for the tooltip. */
  full: string;
  /** Cut to one line or two; `false` leaves the cutting to `className` (a part inside may be cut). */
  lines?: 1 | 2 | false;
  className?: string;
}

/**
 * Text cut to its box with an ellipsis. While it is cut (or shows less than `full`), pointing at
 * it shows the whole text in a tooltip, and a tap does on a touch screen; the browser's own
 * `title` was slow on a desktop and did nothing on a phone (issue 24). The text is whole in the
 * page, so a screen reader reads all of it.
 */
export function TruncatedText({ children, full, lines = 1, className }: TruncatedTextProps) {
  const [opened, setOpened] = useState(false);
  // The tooltip is mounted on first use only: a list mounts dozens of these per scrolled frame,
  // and a Mantine Tooltip (its portal, its floating hooks) costs more than a plain row does.
  const [used, setUsed] = useState(false);
  const ref = useClickOutside<HTMLSpanElement>(() => setOpened(false), ['pointerdown'], undefined, opened);
  const show = (open: boolean) => {
    if (open) setUsed(true);
    setOpened(open);
  };
  const worthShowing = (element: HTMLElement) => element.textContent !== full || isCut(element);
  const lineClass = lines === 1 ? classes.oneLine : lines === 2 ? classes.twoLines : '';

  // A mouse points; a touch screen has no hover, so a tap opens and closes it.
  const onPointerEnter = (event: PointerEvent<HTMLSpanElement>) => {
    if (event.pointerType === 'mouse') show(worthShowing(event.currentTarget));
  };
  const onPointerLeave = (event: PointerEvent<HTMLSpanElement>) => {
    if (event.pointerType === 'mouse') show(false);
  };
  const onPointerUp = (event: PointerEvent<HTMLSpanElement>) => {
    if (event.pointerType !== 'mouse') show(!opened && worthShowing(event.currentTarget));
  };

  return (
    <>
      <span ref={ref} className={`${lineClass} ${className ?? ''}`.trim()} onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave} onPointerUp={onPointerUp}>
        {children}
      </span>
      {used && <Tooltip label={full} opened={opened} target={ref} multiline maw={420} position="bottom-start" withinPortal />}
    </>
  );
}
