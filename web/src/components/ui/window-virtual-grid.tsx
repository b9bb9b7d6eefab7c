import { useElementSize, useMergedRef } from '@mantine/hooks';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

interface WindowVirtualGridProps<T> {
  items: readonly T[];
  getKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** The narrowest a column may get; the grid fits as many columns as the width allows. */
  minColumnWidth: number;
  maxColumns?: number;
  /** Space between rows and columns, in px. */
  gap: number;
  /** A first guess at a row's height; rows are measured once drawn. */
  estimateRowHeight: number;
  'aria-label': string;
}

/**
 * A list laid out in as many columns as fit, drawing only the rows near the window's viewport.
 * The page keeps its own scrolling; hundreds of rich items stay as quick as a dozen.
 */
export function WindowVirtualGrid<T>({
  items,
  getKey,
  renderItem,
  minColumnWidth,
  maxColumns = Number.POSITIVE_INFINITY,
  gap,
  estimateRowHeight,
  'aria-label': ariaLabel,
}: WindowVirtualGridProps<T>) {
  const { ref: sizeRef, width } = useElementSize<HTMLDivElement>();
  const containerRef = useRef<HTMLDivElement>(null);
  const ref = useMergedRef(sizeRef, containerRef);
  const columns = width > 0 ? Math.max(1, Math.min(maxColumns, Math.floor((width + gap) / (minColumnWidth + gap)))) : 1;
  const rowCount = Math.ceil(items.length / columns);

  const scrollMargin = usePageOffsetTop(containerRef);

  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => estimateRowHeight,
    overscan: 3,
    gap,
    scrollMargin,
    useFlushSync: false,
  });

  const measureRow = useDeferredMeasure(virtualizer.measureElement);

  return (
    <div ref={ref} role="list" aria-label={ariaLabel}>
      <div style={{ position: 'relative', width: '100%', height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const first = row.index * columns;
          return (
            <div
              key={row.key}
              data-index={row.index}
              ref={measureRow}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${row.start - scrollMargin}px)`,
                display: 'grid',
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                gap,
              }}
            >
              {items.slice(first, first + columns).map((item, offset) => (
                <div key={getKey(item)} role="listitem" aria-posinset={first + offset + 1} aria-setsize={items.length} style={{ minWidth: 0 }}>
                  {renderItem(item)}
                </div>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/**
 * How far down the page an element starts, for a window virtualizer's `scrollMargin`: whatever sits
 * above the list (headers, cards, filters) scrolls by first. Checked after every render.
 */
export function usePageOffsetTop(ref: RefObject<HTMLElement | null>): number {
  const [offsetTop, setOffsetTop] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
    if (top !== offsetTop) setOffsetTop(top);
  });
  return offsetTop;
}

/**
 * Measures drawn rows just after React's commit rather than during it. Measuring in the commit makes
 * the virtualizer re-render synchronously, which draws and measures more rows in turn; on a long jump
 * through hundreds of rows that chain runs into React's nested-update limit.
 */
export function useDeferredMeasure(measureElement: (node: Element | null) => void) {
  return useCallback(
    (node: Element | null) => {
      // A row leaving (null) only lets the virtualizer forget detached rows: no re-render, safe at once.
      if (node) queueMicrotask(() => measureElement(node));
      else measureElement(null);
    },
    [measureElement],
  );
}
