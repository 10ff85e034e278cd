import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { INT32_MAX, TEXT_CHARACTERS_MESSAGE, isoDate } from './common';
import { endpoints } from './endpoints';
import { enrollmentRequest } from './enrollment';
import { existingDependentForm } from './dependents';
import { existingSubscriberForm } from './subscribers';

type Json = {
  type?: string | string[];
  properties?: Record<string, Json>;
  items?: Json;
  anyOf?: Json[];
  allOf?: Json[];
  additionalProperties?: Json | boolean;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
};

/** Every integer without a 32-bit maximum and every text without a bound, by path. */
function unbounded(schema: Json, path: string, found: string[] = []): string[] {
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if ((types.includes('integer') || types.includes('number')) && !(schema.maximum! <= INT32_MAX)) found.push(path);
  // Dates have one length; a flag's text (z.stringbool) takes only 'true', 'false' and the like.
  const boundedText =
    schema.maxLength !== undefined ||
    schema.enum ||
    schema.const !== undefined ||
    schema.format === 'date' ||
    types.includes('boolean');
  if (types.includes('string') && !boundedText) found.push(path);
  for (const [key, value] of Object.entries(schema.properties ?? {})) unbounded(value, `${path}.${key}`, found);
  if (schema.items) unbounded(schema.items, `${path}[]`, found);
  for (const choice of [...(schema.anyOf ?? []), ...(schema.allOf ?? [])]) unbounded(choice, path, found);
  if (typeof schema.additionalProperties === 'object') unbounded(schema.additionalProperties, `${path}.*`, found);
  return found;
}

const jsonOf = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;

describe('input limits of every endpoint', () => {
  const parts = Object.entries(endpoints).flatMap(([name, endpoint]) =>
    (['query', 'body'] as const).flatMap((part) => {
      const schema: z.ZodType | undefined = (endpoint as { query?: z.ZodType; body?: z.ZodType })[part];
      return schema ? [[`${name} ${part}`, schema] as const] : [];
    }),
  );

  it.each(parts)('%s: every number has a 32-bit maximum and every text a bound', (_name, schema) => {
    expect(unbounded(jsonOf(schema), '').join()).toEqual('');
  });

  it('holds for the person blocks the service checks inside an enrollment request', () => {
    expect(unbounded(jsonOf(existingSubscriberForm), 'subscriber').join()).toEqual('');
    expect(unbounded(jsonOf(existingDependentForm), 'dependent').join()).toEqual('');
  });
});

describe('enrollment drafts', () => {
  const draft = { saveStep: 1, employerPK: 2, subscriber: { firstName: 'Ann', genderID: 1, address: { zip: '1' } } };

  it('keep what the wizard sends', () => {
    expect(enrollmentRequest.safeParse(draft).success).toBe(true);
    expect(
      enrollmentRequest.safeParse({ ...draft, dependents: [{ firstName: 'Bo', dependentPK: null }] }).success,
    ).toBe(true);
  });

  it('refuse unstorable text anywhere in a person block, keys included', () => {
    const cases = [
      { subscriber: { firstName: 'A\u0000' } },
      { subscriber: { address: { city: '\uD800' } } },
      { dependents: [{ lastName: 'x\uDFFF' }] },
      { FSAElections: [{ pk: 1, amount: '1\u0000' }] },
      { occupation: 'Nurse\u0000' },
    ];
    for (const change of cases) {
      const result = enrollmentRequest.safeParse({ ...draft, ...change });
      expect(result.success, JSON.stringify(change)).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain(TEXT_CHARACTERS_MESSAGE);
    }
  });

  it('refuse ids beyond 32 bits, unstorable keys and deep or oversized person blocks', () => {
    for (const change of [
      { subscriber: { ['bad\u0000key']: 1 } },
      { employerPK: 2 ** 31 },
      { divisions: 2 ** 53 },
      { FSAElections: [{ pk: 2 ** 31, amount: '1.00' }] },
      { subscriber: { address: { line: { deeper: 1 } } } },
      { subscriber: { firstName: 'x'.repeat(201) } },
      { subscriber: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, i])) },
    ]) {
      expect(enrollmentRequest.safeParse({ ...draft, ...change }).success, JSON.stringify(change).slice(0, 80)).toBe(
        false,
      );
    }
  });
});

describe('calendar dates', () => {
  it('refuse year 0000, which ISO allows and PostgreSQL does not', () => {
    expect(isoDate.safeParse('0000-02-29').success).toBe(false);
    expect(isoDate.safeParse('0001-01-01').success).toBe(true);
    expect(isoDate.safeParse('2024-02-29').success).toBe(true);
    expect(isoDate.safeParse('2023-02-29').success).toBe(false);
  });
});
