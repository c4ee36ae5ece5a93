import { useCallback, useEffect, useRef, useState } from 'react';

export type AsyncState<T> =
  | { status: 'loading' }
  | { status: 'success'; data: T }
  | { status: 'error'; error: unknown };

export type AsyncResult<T> = AsyncState<T> & { reload: () => void };

const LOADING = { status: 'loading' } as const;

/**
 * Runs `load` whenever `key` changes or `reload` is called and reports its state.
 * Answers that arrive after the key moved on are dropped.
 */
export function useAsync<T>(load: () => Promise<T>, key: string): AsyncResult<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<{ key: string; state: AsyncState<T> } | null>(null);
  const loadRef = useRef(load);
  const requestKey = `${key}#${attempt}`;

  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
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
