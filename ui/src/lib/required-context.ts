import { useContext, type Context } from 'react';

/**
 * The value `context`'s provider gives; throws, naming `hook`, when there is no
 * provider above (a programming error).
 */
export function useRequiredContext<T>(context: Context<T | null>, hook: string): T {
  const value = useContext(context);
  if (value === null) throw new Error(`${hook} must be used inside its provider`);
  return value;
}
