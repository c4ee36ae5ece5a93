import type { TFunction } from 'i18next';
import { ApiError } from '../../lib/api-error';

/**
 * Optimistic concurrency: every record the admin area edits comes with its `version`;
 * a save or delete sends it back in `If-Match`, and the server refuses it with 409
 * `edit_conflict` (saving nothing) when someone else changed the record meanwhile.
 */

/** The `If-Match` header naming `version` (as the server's `ETag` has it); none without a version. */
export function ifMatch(version: string | undefined): Record<string, string> {
  return version ? { 'If-Match': `"${version}"` } : {};
}

/** Whether a write was refused because the record changed since it was loaded. */
export function isEditConflict(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status === 409 && error.code === 'edit_conflict';
}

const CHANGED: Record<'save' | 'delete' | 'switch', string> = {
  save: 'conflict.changed',
  delete: 'conflict.changed_delete',
  switch: 'conflict.changed_switch',
};

/**
 * What the conflict notice says: the record was changed (or removed) by someone else,
 * so the save of a form, the deletion or the switch did not happen.
 */
export function conflictText(error: ApiError, action: 'save' | 'delete' | 'switch', t: TFunction): string {
  if (error.params.current_version === undefined) return t('conflict.removed');
  return t(CHANGED[action]);
}
