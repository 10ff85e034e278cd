// Group setup (Portal Administrator): a new employer group with its divisions, plans and tiers, from
// a form or from the setup workbook, then its first GroupAdmin invited by e-mail.
import { z } from 'zod';
import { isoDate, text } from './common';
import { email, personName, MESSAGES } from './person-rules';

export const PLAN_TYPES = ['Medical', 'Dental', 'FSA'] as const;

export const GROUP_SETUP_MESSAGES = {
  employerName: 'Group name is required.',
  employerID: 'Group ID is G followed by 6 digits, e.g. G000123.',
  employerIDTaken: 'Another group already has this Group ID.',
  taxID: 'Tax ID is 9 digits, e.g. 12-3456789.',
  divisions: 'Add at least one division.',
  divisionCode: 'Location code is 1 to 10 letters or digits.',
  divisionTwice: 'Each division has its own location code.',
  plans: 'Add at least one medical or dental plan.',
  planDivision: 'This plan names a division the group does not have.',
  contractDates: 'The contract ends before it begins.',
  tiers: 'Add at least one tier for each coverage the group offers (medical, dental).',
  tierTwice: 'Each tier code appears once per coverage.',
} as const;

/** The usual four tiers of a coverage: Employee Only, + Spouse, + Child(ren), Family. */
export const USUAL_TIERS = [
  { name: 'Employee Only', tierCode: 'EE', requiresDependents: false },
  { name: 'Employee + Spouse', tierCode: 'ES', requiresDependents: true },
  { name: 'Employee + Child(ren)', tierCode: 'EC', requiresDependents: true },
  { name: 'Family', tierCode: 'FAM', requiresDependents: true },
] as const;

export const groupDivisionInput = z.object({
  locationCode: z
    .string()
    .max(10, GROUP_SETUP_MESSAGES.divisionCode)
    .regex(/^[A-Za-z0-9]{1,10}$/, GROUP_SETUP_MESSAGES.divisionCode),
  description: text(100).min(1, 'Description is required.'),
});

export const groupPlanInput = z
  .object({
    planType: z.enum(PLAN_TYPES),
    planName: text(100).min(1, 'Plan name is required.'),
    planDescription: text(200).default(''),
    planCode: text(30).min(1, 'Plan code is required.'),
    networkCode: text(30).default(''),
    contractBeginDate: isoDate,
    contractEndDate: isoDate,
    /** Location codes of the divisions offering the plan; empty for every division. */
    divisions: z.array(text(10)).max(50).default([]),
  })
  .refine((p) => p.contractEndDate >= p.contractBeginDate, {
    message: GROUP_SETUP_MESSAGES.contractDates,
    path: ['contractEndDate'],
  });

export const groupTierInput = z.object({
  isMedical: z.boolean(),
  name: text(60).min(1, 'Tier name is required.'),
  tierCode: z
    .string()
    .max(10, 'Tier code is 1 to 10 capital letters or digits, e.g. EE, ES, FAM.')
    .regex(/^[A-Z0-9+]{1,10}$/, 'Tier code is 1 to 10 capital letters or digits, e.g. EE, ES, FAM.'),
  requiresDependents: z.boolean().default(false),
});

export const firstGroupAdmin = z.object({
  email,
  firstName: personName(MESSAGES.firstNameRequired),
  lastName: personName(MESSAGES.lastNameRequired),
});

/** A new group as the form or the workbook describes it; every rule in one schema. */
export const groupSetupBody = z
  .object({
    employerName: text(100).min(1, GROUP_SETUP_MESSAGES.employerName),
    employerID: z
      .string()
      .max(7, GROUP_SETUP_MESSAGES.employerID)
      .regex(/^G\d{6}$/, GROUP_SETUP_MESSAGES.employerID),
    taxID: z
      .string()
      .max(10, GROUP_SETUP_MESSAGES.taxID)
      .regex(/^\d{2}-?\d{7}$/, GROUP_SETUP_MESSAGES.taxID),
    groupEffectiveDate: isoDate,
    mfaRequired: z.boolean().default(true),
    divisions: z.array(groupDivisionInput).min(1, GROUP_SETUP_MESSAGES.divisions).max(50),
    plans: z.array(groupPlanInput).min(1, GROUP_SETUP_MESSAGES.plans).max(200),
    tiers: z.array(groupTierInput).min(1, GROUP_SETUP_MESSAGES.tiers).max(20),
    /** Invited as the group's GroupAdmin once the group exists. */
    firstAdmin: firstGroupAdmin.optional(),
  })
  .superRefine((g, ctx) => {
    const codes = g.divisions.map((d) => d.locationCode.toUpperCase());
    codes.forEach((code, i) => {
      if (codes.indexOf(code) !== i)
        ctx.addIssue({
          code: 'custom',
          path: ['divisions', i, 'locationCode'],
          message: GROUP_SETUP_MESSAGES.divisionTwice,
        });
    });
    g.plans.forEach((p, i) => {
      for (const code of p.divisions)
        if (!codes.includes(code.toUpperCase()))
          ctx.addIssue({ code: 'custom', path: ['plans', i, 'divisions'], message: GROUP_SETUP_MESSAGES.planDivision });
    });
    if (!g.plans.some((p) => p.planType !== 'FSA'))
      ctx.addIssue({ code: 'custom', path: ['plans'], message: GROUP_SETUP_MESSAGES.plans });
    for (const isMedical of [true, false]) {
      const offered = g.plans.some((p) => p.planType === (isMedical ? 'Medical' : 'Dental'));
      const tiers = g.tiers.filter((t) => t.isMedical === isMedical);
      if (offered && tiers.length === 0)
        ctx.addIssue({ code: 'custom', path: ['tiers'], message: GROUP_SETUP_MESSAGES.tiers });
      const tierCodes = tiers.map((t) => t.tierCode);
      if (new Set(tierCodes).size !== tierCodes.length)
        ctx.addIssue({ code: 'custom', path: ['tiers'], message: GROUP_SETUP_MESSAGES.tierTwice });
    }
  });
export type GroupSetupBody = z.input<typeof groupSetupBody>;

export const groupSetupAnswer = z.object({
  employerPK: z.number().int(),
  employerID: z.string(),
  /** The first GroupAdmin's user id when one was invited. */
  invitedUserId: z.string().nullable(),
});

/** The setup workbook read back into the form's shape (nothing is created until the form is sent). */
export const groupWorkbookQuery = z.object({ fileName: text(255).min(1) });
export const groupWorkbookAnswer = z.object({
  /** The workbook's group in the shape of groupSetupBody, unchecked: the form shows and checks it. */
  group: z.record(z.string(), z.unknown()),
  /** Problems of the workbook itself (a sheet missing, a row unreadable), by sheet and row. */
  problems: z.array(z.string()),
});
