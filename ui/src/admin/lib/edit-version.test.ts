import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-error';
import i18n from '../../lib/i18n';
import { ADMIN_NAMESPACE, adminTextsLoaded } from '../i18n';
import { conflictText, ifMatch, isEditConflict } from './edit-version';

describe('edit versions', () => {
  beforeEach(async () => {
    await adminTextsLoaded;
    await i18n.changeLanguage('de');
  });

  it('names the loaded version in If-Match, quoted like the ETag, and nothing without one', () => {
    expect(ifMatch('0a1b2c3d4e5f6a7b')).toEqual({ 'If-Match': '"0a1b2c3d4e5f6a7b"' });
    expect(ifMatch(undefined)).toEqual({});
  });

  it('tells an edit conflict from other refusals', () => {
    expect(isEditConflict(new ApiError(409, 'x', 'edit_conflict', undefined, { current_version: 'v2' }))).toBe(true);
    expect(isEditConflict(new ApiError(409, 'x', 'in_use'))).toBe(false);
    expect(isEditConflict(new Error('offline'))).toBe(false);
  });

  it('says whether the record was changed or removed meanwhile', () => {
    const t = i18n.getFixedT('de', ADMIN_NAMESPACE);
    const changed = new ApiError(409, 'x', 'edit_conflict', undefined, { current_version: 'v2' });
    expect(conflictText(changed, 'save', t)).toMatch(/^Dieser Eintrag wurde inzwischen von jemand anderem geändert\./);
    expect(conflictText(changed, 'delete', t)).toContain('nicht gelöscht');
    expect(conflictText(new ApiError(409, 'x', 'edit_conflict'), 'save', t)).toContain('gelöscht');
  });
});
