// What an upload is checked against, read once per call: the lookup lists, the group's divisions,
// plans and tiers. Also the words a file may use for each list value ("Wife" is a Spouse).
import { asc, eq, inArray } from 'drizzle-orm';
import { EMPLOYEE_RELATIONSHIP, type ImportListField } from '../../../src/contracts/imports';
import { OFFERED_RELATIONSHIP_PKS } from '../../../src/contracts/lookups';
import type { Db } from '../../db/client';
import { coverageOptions, divisions, lookupValues, plans } from '../../db/schema';

type PlanRow = typeof plans.$inferSelect;
type TierRow = typeof coverageOptions.$inferSelect;
export type ListChoice = { code: string; label: string; aliases: string[] };

export type ImportContext = {
  employerPK: number;
  choices: Record<ImportListField, ListChoice[]>;
  divisions: { divisionPK: number; locationCode: string }[];
  plans: PlanRow[];
  tiers: TierRow[];
  labelOf: (field: ImportListField, code: string) => string;
  /** The code each list's aliases stand for (the first choice with an alias has it), and values already read. */
  aliases: Record<ImportListField, { byAlias: Map<string, string>; read: Map<string, string | null> }>;
};

/** Values remembered per list: a file holds few distinct ones, but a wrongly mapped column may hold one per row. */
const READ_VALUES_KEPT = 2000;

/** Compared without case, spaces or punctuation; "&" reads as "and", "+" stays (EE+SP). */
export function normalise(value: string): string {
  return value
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9+]/g, '');
}

const RELATIONSHIP_ALIASES: Record<string, string[]> = {
  [EMPLOYEE_RELATIONSHIP]: ['employee', 'ee', 'emp', 'e', 'self', 'subscriber', 'sub', 'member', 'primary', '18'],
  '1': ['spouse', 'sp', 's', 'wife', 'husband', 'sps', '01'],
  '3': ['child', 'ch', 'c', 'son', 'daughter', 'dependent child', 'dep child', 'kid', '19'],
  '24': ['domestic partner', 'dp', 'partner', 'd', '53'],
};
const GENDER_ALIASES: Record<string, string[]> = {
  '1': ['m', 'male', 'man'],
  '2': ['f', 'female', 'woman'],
  '3': ['u', 'x', 'unknown', 'other', 'unknown/other', 'nonbinary'],
};
const MARITAL_ALIASES: Record<string, string[]> = {
  '1': ['s', 'single', 'i', 'never married'],
  '2': ['m', 'married'],
  '3': ['d', 'divorced'],
  '4': ['w', 'widowed', 'widow', 'widower'],
  '5': ['separated', 'sep', 'x'],
  '6': ['dp', 'domestic partnership', 'r'],
};
const TIER_ALIASES: Record<string, string[]> = {
  EE: ['employee only', 'ee', 'single', 'individual', 'emp only', 'employee', 'emp', 'ind'],
  ES: ['employee + spouse', 'ee+sp', 'ee+s', 'es', 'employee spouse', 'ee sp', 'employee and spouse', 'esp'],
  EC: ['employee + child(ren)', 'ee+ch', 'ee+c', 'ec', 'employee children', 'employee child', 'ech', 'ee+children'],
  FAM: ['family', 'fam', 'ee+fam', 'ee+f', 'employee + family', 'f'],
};

/**
 * The usual names of a tier (EE+SP, ESP…), found by its code or, for a group's own codes (a dental
 * "DEE"), by its name: "Employee Only" is EE whatever the group calls its code.
 */
function usualTierAliases(tier: { tierCode: string; name: string }): string[] {
  const byCode = TIER_ALIASES[tier.tierCode];
  if (byCode) return byCode;
  const name = normalise(tier.name);
  return Object.values(TIER_ALIASES).find((aliases) => aliases.some((alias) => normalise(alias) === name)) ?? [];
}

function withAliases(code: string, label: string, extra: readonly string[] = []): ListChoice {
  return { code, label, aliases: [...new Set([label, code, ...extra].map(normalise))] };
}

/** The group's lists and structure, in four small queries. */
/** The rows a context is made of: plain data, so a worker thread can be handed them. */
export type ContextRows = {
  lookups: (typeof lookupValues.$inferSelect)[];
  divisionRows: (typeof divisions.$inferSelect)[];
  planRows: PlanRow[];
  tierRows: TierRow[];
};

export async function loadContextRows(db: Db, employerPK: number): Promise<ContextRows> {
  // One after another: a transaction's queries share one connection.
  const lookups = await db
    .select()
    .from(lookupValues)
    .where(inArray(lookupValues.kind, ['gender', 'maritalStatus', 'state', 'relationship']))
    .orderBy(asc(lookupValues.sortOrder));
  const divisionRows = await db
    .select()
    .from(divisions)
    .where(eq(divisions.employerPK, employerPK))
    .orderBy(asc(divisions.locationCode));
  const planRows = await db
    .select()
    .from(plans)
    .where(eq(plans.employerPK, employerPK))
    .orderBy(asc(plans.contractBeginDate));
  const tierRows = await db.select().from(coverageOptions).where(eq(coverageOptions.employerPK, employerPK));
  return { lookups, divisionRows, planRows, tierRows };
}

export async function loadImportContext(db: Db, employerPK: number): Promise<ImportContext> {
  return contextFrom(employerPK, await loadContextRows(db, employerPK));
}

export function contextFrom(employerPK: number, rows: ContextRows): ImportContext {
  const { lookups, divisionRows, planRows, tierRows } = rows;
  const lookup = (kind: string) => lookups.filter((l) => l.kind === kind);
  const offered: readonly number[] = OFFERED_RELATIONSHIP_PKS;

  const planChoices = (type: PlanRow['planType']) => {
    const byName = new Map<string, ListChoice>();
    for (const p of planRows.filter((row) => row.planType === type)) {
      const known = byName.get(p.planName);
      if (known) known.aliases = [...new Set([...known.aliases, normalise(p.planCode)])];
      else byName.set(p.planName, withAliases(p.planName, p.planName, [p.planCode]));
    }
    return [...byName.values()];
  };
  const tierChoices = (isMedical: boolean) => {
    const byCode = new Map<string, ListChoice>();
    for (const t of tierRows.filter((row) => row.isMedical === isMedical).sort((a, b) => a.sortOrder - b.sortOrder))
      if (!byCode.has(t.tierCode)) byCode.set(t.tierCode, withAliases(t.tierCode, t.name, usualTierAliases(t)));
    return [...byCode.values()];
  };

  const choices: Record<ImportListField, ListChoice[]> = {
    relationship: [
      withAliases(EMPLOYEE_RELATIONSHIP, EMPLOYEE_RELATIONSHIP, RELATIONSHIP_ALIASES[EMPLOYEE_RELATIONSHIP]),
      ...lookup('relationship')
        .filter((l) => offered.includes(l.pk))
        .map((l) => withAliases(String(l.pk), l.name, RELATIONSHIP_ALIASES[String(l.pk)])),
    ],
    gender: lookup('gender').map((l) => withAliases(String(l.pk), l.name, GENDER_ALIASES[String(l.pk)])),
    maritalStatus: lookup('maritalStatus').map((l) => withAliases(String(l.pk), l.name, MARITAL_ALIASES[String(l.pk)])),
    state: lookup('state').map((l) => withAliases(String(l.pk), l.code ? `${l.code} - ${l.name}` : l.name, [l.name])),
    division: divisionRows.map((d) =>
      withAliases(d.locationCode, `${d.locationCode} - ${d.description}`, [d.description]),
    ),
    medicalPlan: planChoices('Medical'),
    medicalTier: tierChoices(true),
    dentalPlan: planChoices('Dental'),
    dentalTier: tierChoices(false),
    fsaPlan: planChoices('FSA'),
  };
  // State codes ("MA") are their own aliases too.
  for (const [i, l] of lookup('state').entries()) if (l.code) choices.state[i]!.aliases.push(normalise(l.code));

  const labels = new Map<string, string>();
  for (const [field, list] of Object.entries(choices)) for (const c of list) labels.set(`${field}|${c.code}`, c.label);
  const aliases = {} as ImportContext['aliases'];
  for (const [field, list] of Object.entries(choices) as [ImportListField, ListChoice[]][]) {
    const byAlias = new Map<string, string>();
    for (const c of list) for (const alias of c.aliases) if (!byAlias.has(alias)) byAlias.set(alias, c.code);
    aliases[field] = { byAlias, read: new Map() };
  }
  return {
    aliases,
    employerPK,
    choices,
    divisions: divisionRows.map((d) => ({ divisionPK: d.divisionPK, locationCode: d.locationCode })),
    plans: planRows,
    tiers: tierRows,
    labelOf: (field, code) => labels.get(`${field}|${code}`) ?? code,
  };
}

/**
 * The code a file's value means: the user's own mapping first, then the list's names and aliases.
 * `undefined` for a blank cell, `null` when nothing matched (the preview asks).
 */
export function resolveValue(
  ctx: ImportContext,
  field: ImportListField,
  value: string,
  userMapping: Record<string, string | null> | undefined,
): string | null | undefined {
  const raw = value.trim();
  if (raw === '') return undefined;
  const chosen = userMapping?.[raw];
  if (chosen) return ctx.choices[field].some((c) => c.code === chosen) ? chosen : null;
  const { byAlias, read } = ctx.aliases[field];
  const known = read.get(raw);
  if (known !== undefined) return known;
  const code = byAlias.get(normalise(raw)) ?? null;
  if (read.size < READ_VALUES_KEPT) read.set(raw, code);
  return code;
}

/**
 * The plan of a type with the given name in the division, in force on the day (else the latest that
 * begins before it, else the first): the wizard offers the plans of the coverage's own year.
 */
export function planFor(ctx: ImportContext, divisionPK: number, type: PlanRow['planType'], name: string, day: string) {
  const candidates = ctx.plans.filter((p) => p.divisionPK === divisionPK && p.planType === type && p.planName === name);
  return (
    candidates.find((p) => p.contractBeginDate <= day && day <= p.contractEndDate) ??
    candidates.filter((p) => p.contractBeginDate <= day).at(-1) ??
    candidates[0]
  );
}

export function tierFor(ctx: ImportContext, divisionPK: number, isMedical: boolean, tierCode: string) {
  return ctx.tiers.find((t) => t.divisionPK === divisionPK && t.isMedical === isMedical && t.tierCode === tierCode);
}
