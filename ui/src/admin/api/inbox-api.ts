import { apiFetch, logged } from '../../lib/api-client';
import { pageQuery } from '../../lib/paged-list';
import type { OutboxMail, SupportMessage } from '../types';

/** How many kept mails `getOutbox` asks for at a time (the server allows 1–200). */
export const OUTBOX_PAGE_SIZE = 50;

/** How many contact messages `getSupportMessages` asks for at a time (the server allows 1–200). */
export const SUPPORT_MESSAGES_PAGE_SIZE = 50;

/**
 * GET /admin/outbox: the mails that could not be sent, newest first, a page at a time:
 * the newest page, or the one kept before mail `before`.
 */
export function getOutbox(before?: number): Promise<OutboxMail[]> {
  return logged('getOutbox', apiFetch<OutboxMail[]>(`/admin/outbox?${pageQuery(OUTBOX_PAGE_SIZE, before)}`));
}

/**
 * GET /admin/support-messages: the contact form messages, newest first, a page at a
 * time: the newest page, or the one received before message `before`.
 */
export function getSupportMessages(before?: number): Promise<SupportMessage[]> {
  return logged(
    'getSupportMessages',
    apiFetch<SupportMessage[]>(`/admin/support-messages?${pageQuery(SUPPORT_MESSAGES_PAGE_SIZE, before)}`),
  );
}
