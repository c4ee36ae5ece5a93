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

/** What a form does with the outcome of loading the current state after a conflict. */
export interface CurrentStateForm<T> {
  /** The conflict notice goes away. */
  settle: () => void;
  /** Someone removed the record meanwhile. */
  gone: () => void;
  /** The form shows `current` instead of what was typed. */
  load: (current: T) => void;
}

/**
 * After a conflict: reads the records again and hands the form `record` as it is stored
 * now (or tells it the record is gone). False when reading failed or there is no record.
 */
export async function loadCurrentRecord<T extends { id: number }>(
  reload: () => Promise<readonly T[] | null>,
  record: T | null,
  form: CurrentStateForm<T>,
): Promise<boolean> {
  const fresh = await reload();
  if (fresh === null || record === null) return false;
  const current = fresh.find((candidate) => candidate.id === record.id);
  form.settle();
  if (current === undefined) form.gone();
  else form.load(current);
  return true;
}
