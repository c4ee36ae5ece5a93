import { apiFetch, logged } from '../../lib/api-client';
import type { OutboxMail, SupportMessage } from '../types';

/** GET /admin/outbox: the mails that could not be sent, newest first. */
export function getOutbox(): Promise<OutboxMail[]> {
  return logged('getOutbox', apiFetch<OutboxMail[]>('/admin/outbox'));
}

/** GET /admin/support-messages: the contact form messages, newest first. */
export function getSupportMessages(): Promise<SupportMessage[]> {
  return logged('getSupportMessages', apiFetch<SupportMessage[]>('/admin/support-messages'));
}
