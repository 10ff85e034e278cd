import { ENROLLMENT_FORMS_KEY_PREFIX } from '../../../lib/app-storage';
import type { WizardSection, WizardSections } from './wizard-values';

// Typed but not yet saved wizard values, per step, in sessionStorage: a reload keeps them, logout
// (which purges the app's storage prefix) and clearSubscriber drop them. A full SSN never gets here.

const SECTIONS: readonly WizardSection[] = ['subscriber', 'employment', 'dependents', 'plan'];

const keyOf = (section: WizardSection) => `${ENROLLMENT_FORMS_KEY_PREFIX}${section}`;

/** A deep copy without any `ssn` property, at any depth. */
export function withoutSsn<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item: unknown) => withoutSsn(item)) as T;
  if (value === null || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) if (key !== 'ssn') copy[key] = withoutSsn(child);
  return copy as T;
}

export function writeFormDraft<S extends WizardSection>(section: S, values: NonNullable<WizardSections[S]>): void {
  try {
    sessionStorage.setItem(keyOf(section), JSON.stringify(withoutSsn(values)));
  } catch {
    // Storage full or unavailable: the server draft still has everything saved so far.
  }
}

export function readFormDraft<S extends WizardSection>(section: S): WizardSections[S] | undefined {
  try {
    const raw = sessionStorage.getItem(keyOf(section));
    if (!raw) return undefined;
    // A missing SSN reads back as empty, the shape the forms expect.
    return restoreSsn(JSON.parse(raw)) as WizardSections[S];
  } catch {
    return undefined;
  }
}

export function readFormDrafts(): WizardSections {
  const drafts: WizardSections = {};
  for (const section of SECTIONS) {
    const value = readFormDraft(section);
    if (value !== undefined) Object.assign(drafts, { [section]: value });
  }
  return drafts;
}

function restoreSsn(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  const v = value as Record<string, unknown>;
  if (Array.isArray(v.dependents)) {
    return { ...v, dependents: v.dependents.map((d: unknown) => (d && typeof d === 'object' ? { ...d, ssn: '' } : d)) };
  }
  // The subscriber section is the only other one with an SSN.
  return 'firstName' in v ? { ...v, ssn: '' } : v;
}

export function clearFormDrafts(): void {
  for (const section of SECTIONS) sessionStorage.removeItem(keyOf(section));
}
