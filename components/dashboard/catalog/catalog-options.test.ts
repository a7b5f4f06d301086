import { describe, expect, it } from 'vitest';
import { toCatalogOptions } from './catalog-options';

describe('toCatalogOptions', () => {
  it('reads a plain array or a page, labelling jobs by title and the rest by name', () => {
    expect(toCatalogOptions([{ id: 'job_1', title: 'Backend engineer' }])).toEqual([{ id: 'job_1', label: 'Backend engineer', detail: 'job_1' }]);
    expect(toCatalogOptions({ items: [{ id: 'cmp_1', name: 'Spring' }], pagination: {} })).toEqual([{ id: 'cmp_1', label: 'Spring', detail: 'cmp_1' }]);
  });

  it('falls back to the id for a label and skips what has no id', () => {
    expect(toCatalogOptions([{ id: 'stg_1' }, { name: 'no id' }, null, 'x'])).toEqual([{ id: 'stg_1', label: 'stg_1', detail: 'stg_1' }]);
    expect(toCatalogOptions(undefined)).toEqual([]);
    expect(toCatalogOptions({ nothing: true })).toEqual([]);
  });
});
