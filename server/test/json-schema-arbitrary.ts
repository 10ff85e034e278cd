import fc from 'fast-check';

/** The part of JSON Schema that `z.toJSONSchema` writes for the contract's request schemas. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minItems?: number;
  maxItems?: number;
};

// Generated values stay small: the hostile values bring the extremes.
const MAX_TEXT = 40;
const MAX_ITEMS = 4;
const INT32_MAX = 2_147_483_647;

/** Ids small enough to name seeded records, so some calls reach the services. */
const smallId = fc.integer({ min: 1, max: 400 });

/** Characters of any kind, now and then one that cannot be stored (NUL, half a surrogate pair). */
const anyChar = fc.oneof(
  { arbitrary: fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }), weight: 10 },
  { arbitrary: fc.constantFrom('\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\u202E', '\uFFFF'), weight: 1 },
);

function text(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern fast-check cannot read (lookarounds): plain text instead.
    }
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_TEXT, MAX_TEXT));
  return fc.oneof(
    fc.string({ minLength, maxLength }),
    fc.string({ minLength, maxLength, unit: anyChar }),
    fc.string({ minLength, maxLength, unit: 'grapheme' }),
  );
}

/** Integers over the schema's whole range (up to 2^53 where it allows that), small ids favoured. */
function integer(schema: JsonSchema): fc.Arbitrary<number> {
  const min = Math.max(
    schema.minimum ?? Number.MIN_SAFE_INTEGER,
    schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : Number.MIN_SAFE_INTEGER,
  );
  const max = Math.max(min, schema.maximum ?? Number.MAX_SAFE_INTEGER);
  const choices = [fc.integer({ min: Math.max(min, -INT32_MAX - 1), max: Math.max(Math.min(max, INT32_MAX), min) })];
  if (min < -INT32_MAX - 1 || max > INT32_MAX) choices.push(fc.maxSafeInteger().filter((n) => n >= min && n <= max));
  if (min >= 1 && max >= 400) choices.unshift(smallId);
  return fc.oneof(...choices);
}

function number(schema: JsonSchema): fc.Arbitrary<number> {
  return fc.double({
    min: schema.minimum ?? schema.exclusiveMinimum ?? -1e9,
    max: schema.maximum ?? schema.exclusiveMaximum ?? 1e9,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

function ofType(type: string, schema: JsonSchema, leaf: Leaf): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return text(schema);
    case 'integer':
      return integer(schema);
    case 'number':
      return number(schema);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? leaf(schema.items) : fc.anything(), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? MAX_ITEMS, MAX_ITEMS),
      });
    case 'object':
      return object(schema, leaf);
    default:
      return fc.anything();
  }
}

function object(schema: JsonSchema, leaf: Leaf): fc.Arbitrary<unknown> {
  const properties = schema.properties ?? {};
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, leaf(value, key)])),
    { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
  );
  const extra = schema.additionalProperties;
  if (!extra || Object.keys(properties).length > 0) return record;
  // A record (z.record): keys of any text, values of its own schema or anything.
  return fc.dictionary(fc.string({ maxLength: 12 }), extra === true ? fc.anything() : leaf(extra), {
    maxKeys: 8,
  });
}

type Leaf = (schema: JsonSchema, key?: string) => fc.Arbitrary<unknown>;

/**
 * Values that fit the schema, except that any part of them may be replaced by a hostile value:
 * `hostileWeight` against 20 decides how often (0 keeps every part within the schema). Properties
 * named in `known` mostly take its values (ids of real records, so that calls get past the lookups).
 */
export function arbitraryOf(
  schema: JsonSchema,
  hostile: fc.Arbitrary<unknown>,
  hostileWeight: number,
  known: Readonly<Record<string, fc.Arbitrary<unknown>>> = {},
): fc.Arbitrary<unknown> {
  const leaf: Leaf = (part, key) => {
    const real = key !== undefined && Object.hasOwn(known, key) ? known[key] : undefined;
    const fitting = real
      ? fc.oneof({ arbitrary: real, weight: 3 }, { arbitrary: fitsSchema(part, leaf), weight: 1 })
      : fitsSchema(part, leaf);
    return hostileWeight === 0
      ? fitting
      : fc.oneof({ arbitrary: fitting, weight: 20 }, { arbitrary: hostile, weight: hostileWeight });
  };
  return leaf(schema);
}

function fitsSchema(schema: JsonSchema, leaf: Leaf): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => fitsSchema(choice, leaf)));
  if (schema.allOf) return fitsSchema(Object.assign({}, ...schema.allOf) as JsonSchema, leaf);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length === 0) return schema.properties ? object(schema, leaf) : fc.anything();
  return fc.oneof(...types.map((type) => ofType(type, schema, leaf)));
}
