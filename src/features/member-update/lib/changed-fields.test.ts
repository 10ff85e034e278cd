import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields';

const fields = [
  { name: 'city', label: 'City' },
  { name: 'stateID', label: 'State', show: (v: unknown) => (v === 35 ? 'North Dakota' : v === 36 ? 'Ohio' : '') },
  { name: 'address.zipCode', label: 'Zip Code' },
  { name: 'phone2', label: 'Alternate Phone' },
];

describe('changedFields', () => {
  it('lists only the fields that differ, in field order, as they read', () => {
    const onFile = { city: 'Fargo', stateID: 35, address: { zipCode: '58102' }, phone2: '' };
    const edited = { city: 'Fargo', stateID: 36, address: { zipCode: '43004' }, phone2: '' };
    expect(changedFields(onFile, edited, fields)).toEqual([
      { name: 'stateID', label: 'State', from: 'North Dakota', to: 'Ohio' },
      { name: 'address.zipCode', label: 'Zip Code', from: '58102', to: '43004' },
    ]);
  });

  it('treats blank, null and missing values alike', () => {
    expect(changedFields({ phone2: null }, { phone2: '' }, fields)).toEqual([]);
    expect(changedFields({}, { city: 'Fargo' }, fields)).toEqual([
      { name: 'city', label: 'City', from: '', to: 'Fargo' },
    ]);
  });
});
