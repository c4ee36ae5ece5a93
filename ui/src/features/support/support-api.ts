import { apiFetch, logged } from '../../lib/api-client';

export interface SupportInput {
  name: string;
  email: string;
  phone?: string;
  message: string;
}

/** POST /support: a message for the store; answers 201 with a thank-you detail. */
export function sendSupportMessage(input: SupportInput): Promise<{ detail: string }> {
  return logged(
    'sendSupportMessage',
    apiFetch<{ detail: string }>('/support', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(input),
    }),
  );
}
