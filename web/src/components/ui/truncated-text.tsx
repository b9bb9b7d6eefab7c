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
  const ref = useClickOutside<HTMLSpanElement>(() => setOpened(false), ['pointerdown']);
  const worthShowing = (element: HTMLElement) => element.textContent !== full || isCut(element);
  const lineClass = lines === 1 ? classes.oneLine : lines === 2 ? classes.twoLines : '';

  // A mouse points; a touch screen has no hover, so a tap opens and closes it.
  const onPointerEnter = (event: PointerEvent<HTMLSpanElement>) => {
    if (event.pointerType === 'mouse') setOpened(worthShowing(event.currentTarget));
  };
  const onPointerLeave = (event: PointerEvent<HTMLSpanElement>) => {
    if (event.pointerType === 'mouse') setOpened(false);
  };
  const onPointerUp = (event: PointerEvent<HTMLSpanElement>) => {
    if (event.pointerType !== 'mouse') setOpened((open) => !open && worthShowing(event.currentTarget));
  };

  return (
    <Tooltip label={full} opened={opened} multiline maw={420} position="bottom-start" withinPortal>
      <span ref={ref} className={`${lineClass} ${className ?? ''}`.trim()} onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave} onPointerUp={onPointerUp}>
        {children}
      </span>
    </Tooltip>
  );
}
