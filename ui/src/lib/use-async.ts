import { useCallback, useEffect, useRef, useState } from 'react';

export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

export type AsyncResult<T> = AsyncState<T> & { reload: () => void };

const LOADING = { status: 'loading' } as const;

/**
 * Runs `load` whenever `key` changes or `reload` is called and reports its state.
 * Answers that arrive after the key moved on are dropped. `fromPage` gives the data the
 * page carries (`takeInitial`): with it the first render already succeeds and nothing
 * is loaded until `key` changes or `reload` is called.
 */
export function useAsync<T>(load: () => Promise<T>, key: string, fromPage?: () => T | undefined): AsyncResult<T> {
  const [attempt, setAttempt] = useState(0);
  const requestKey = `${key}#${attempt}`;
  const [settled, setSettled] = useState<{ key: string; state: AsyncState<T> } | null>(() => {
    const data = fromPage?.();
    return data === undefined ? null : { key: requestKey, state: { status: 'success', data } };
  });
  const loadRef = useRef(load);
  const givenKey = useRef(settled?.key);

  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    if (givenKey.current === requestKey) {
      givenKey.current = undefined;
      return;
    }
    let active = true;
    loadRef.current().then(
      (data) => {
        if (active) setSettled({ key: requestKey, state: { status: 'success', data } });
      },
      (error: unknown) => {
        if (active) setSettled({ key: requestKey, state: { status: 'error', error } });
      },
    );
    return () => {
      active = false;
    };
  }, [requestKey]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const state = settled !== null && settled.key === requestKey ? settled.state : LOADING;
  return { ...state, reload };
}
