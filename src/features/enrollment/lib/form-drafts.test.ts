import { afterEach, describe, expect, it } from 'vitest';
import { ENROLLMENT_FORMS_KEY_PREFIX } from '../../../lib/app-storage';
import { resetAppState, useAppStore } from '../../../stores/app-store';
import { clearFormDrafts, readFormDraft, readFormDrafts, withoutSsn, writeFormDraft } from './form-drafts';
import { emptyDependent, emptySubscriber } from './wizard-values';

afterEach(() => {
  resetAppState();
  sessionStorage.clear();
});

const everything = () =>
  Object.keys(sessionStorage)
    .map((k) => sessionStorage.getItem(k) ?? '')
    .join('\n');

describe('form drafts', () => {
  it('never writes a full SSN, at any depth', () => {
    writeFormDraft('subscriber', { ...emptySubscriber(), firstName: 'Ann', ssn: '123-45-6789', ssnLast4: '6789' });
    writeFormDraft('dependents', { dependents: [{ ...emptyDependent(), firstName: 'Kid', ssn: '987-65-4321' }] });
    expect(everything()).not.toMatch(/\d{3}-\d{2}-\d{4}/);
    expect(everything()).not.toContain('"ssn"');
    expect(Object.keys(sessionStorage).every((k) => k.startsWith(ENROLLMENT_FORMS_KEY_PREFIX))).toBe(true);
  });

  it('reads back what was typed, with empty SSN fields and the last 4 kept', () => {
    writeFormDraft('subscriber', { ...emptySubscriber(), firstName: 'Ann', ssn: '123-45-6789', ssnLast4: '6789' });
    writeFormDraft('dependents', { dependents: [{ ...emptyDependent(), firstName: 'Kid', ssn: '987-65-4321' }] });
    expect(readFormDraft('subscriber')).toMatchObject({ firstName: 'Ann', ssn: '', ssnLast4: '6789' });
    expect(readFormDraft('dependents')?.dependents[0]).toMatchObject({ firstName: 'Kid', ssn: '' });
    expect(Object.keys(readFormDrafts())).toEqual(['subscriber', 'dependents']);
  });

  it('is dropped by clearFormDrafts and by clearing the subscriber', () => {
    writeFormDraft('employment', { dateOfHire: '2026-01-05', effectiveDate: '', occupation: '', jobTitle: '' });
    clearFormDrafts();
    expect(readFormDrafts()).toEqual({});
    writeFormDraft('employment', { dateOfHire: '2026-01-05', effectiveDate: '', occupation: '', jobTitle: '' });
    useAppStore.getState().clearSubscriber();
    expect(readFormDrafts()).toEqual({});
  });

  it('withoutSsn copies without touching the original', () => {
    const original = { ssn: '1', nested: [{ ssn: '2', keep: 3 }] };
    expect(withoutSsn(original)).toEqual({ nested: [{ keep: 3 }] });
    expect(original.ssn).toBe('1');
  });
});
