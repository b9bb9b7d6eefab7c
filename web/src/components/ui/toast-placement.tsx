import { Notifications } from '@mantine/notifications';
import { useEffect, useRef } from 'react';
import { TOAST_AUTO_CLOSE_MS } from './notify';
import classes from './toast-placement.module.css';
import { useIsPhone } from './use-is-phone';

/** The height of the bar kept at the foot of the screen, unset when there is none: toasts sit above it (the CSS module). */
const FOOT_BAR_HEIGHT = '--bosun-foot-bar-height';

/**
 * The app's toasts. On a wide screen top centre (issue 24 point 14): a dialog keeps its buttons at
 * its foot (Create Product, Preview Data) and the header's middle holds no control. On a phone the
 * header is full of buttons (the burger, the user menu, a product's Edit), so toasts go to the
 * foot, above a sticky Save bar when one is shown (see useKeepToastsAbove).
 */
export function AppNotifications() {
  const phone = useIsPhone();
  return (
    <Notifications
      position={phone ? 'bottom-center' : 'top-center'}
      autoClose={TOAST_AUTO_CLOSE_MS}
      zIndex={1000}
      classNames={{ root: classes.root }}
    />
  );
}

/**
 * For a bar kept at the foot of the screen (a phone's Save and Cancel): while it is shown, toasts
 * are placed above it rather than over its buttons. Returns the ref for the bar.
 */
export function useKeepToastsAbove<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(FOOT_BAR_HEIGHT, `${bar.offsetHeight}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(bar);
    return () => {
      observer.disconnect();
      root.style.removeProperty(FOOT_BAR_HEIGHT);
    };
  }, []);
  return ref;
}
