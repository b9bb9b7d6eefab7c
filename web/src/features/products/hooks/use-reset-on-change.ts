import { useState } from 'react';

type Update<T> = T | ((current: T) => T);

/**
 * State that goes back to `initial` whenever `key` changes (a new filter starts at page 1 with
 * nothing selected). It is adjusted during render, so no frame ever shows the stale value.
 */
export function useResetOnChange<T>(key: string, initial: T): [T, (update: Update<T>) => void] {
  const [state, setState] = useState({ key, value: initial });
  if (state.key !== key) setState({ key, value: initial });
  const value = state.key === key ? state.value : initial;
  const set = (update: Update<T>) =>
    setState((current) => {
      const base = current.key === key ? current.value : initial;
      return { key, value: typeof update === 'function' ? (update as (c: T) => T)(base) : update };
    });
  return [value, set];
}
