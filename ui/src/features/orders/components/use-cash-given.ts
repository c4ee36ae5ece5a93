import { useCallback, useState } from 'react';

/** "Ich zahle mit …" at checkout: what the customer typed and what is said at its field. */
export interface CashGivenInput {
  /** The amount as typed ("50", "50,00"); empty while not said. */
  text: string;
  /** Why it cannot be sent (the check on ordering, or the server's refusal); null while none. */
  error: string | null;
  /** How often it was refused so far: each refusal takes the focus to the field. */
  refusals: number;
  /** Takes what was typed or tapped; the message goes with it. */
  change: (text: string) => void;
  /** Shows `message` at the field and moves the focus there. */
  refuse: (message: string) => void;
}

/** The state of the "Ich zahle mit" field, shared by the field and the order button. */
export function useCashGiven(): CashGivenInput {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [refusals, setRefusals] = useState(0);
  const change = useCallback((next: string) => {
    setText(next);
    setError(null);
  }, []);
  const refuse = useCallback((message: string) => {
    setError(message);
    setRefusals((count) => count + 1);
  }, []);
  return { text, error, refusals, change, refuse };
}
