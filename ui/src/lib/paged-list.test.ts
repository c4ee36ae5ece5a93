import { describe, expect, it } from 'vitest';
import { pageById, pageQuery } from './paged-list';

describe('lists paged by id', () => {
  it('ask for the page size, and for a later page before the last id shown', () => {
    expect(pageQuery(20)).toBe('limit=20');
    expect(pageQuery(50, 117)).toBe('limit=50&before=117');
  });

  it('may go on after a full page, before its last id, and end with a shorter one', () => {
    expect(pageById([{ id: 9 }, { id: 7 }], 2)).toEqual({ items: [{ id: 9 }, { id: 7 }], next: 7 });
    expect(pageById([{ id: 9 }], 2).next).toBeNull();
    expect(pageById([], 2).next).toBeNull();
  });
});
