import { useEffect, useState } from 'react';

export type AsyncState<T> = { status: 'loading' } | { status: 'done'; value: T } | { status: 'error'; error: unknown };

/** Runs `load` when `key` changes and ignores answers that arrive after the key moved on. */
export function useAsync<T>(load: () => Promise<T>, key: unknown): AsyncState<T> {
  const [state, setState] = useState<AsyncState<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    load().then(
      (value) => live && setState({ status: 'done', value }),
      (error) => live && setState({ status: 'error', error }),
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state;
}
