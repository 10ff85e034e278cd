// Group setup (Portal Administrator): a new employer group with its divisions, plans and tiers in one
// transaction, then its first GroupAdmin invited through the identity domain.
//
// Access after the call: the operator's groups are read by the access resolver (identity/access.ts),
// which lists every employer for a Portal Administrator but caches each user's access per process. The
// bump below moves access_version, and each replica drops its cache once it next compares the number:
// at most ACCESS_VERSION_CHECK_MS (2 s) after its previous check. Until then the operator's cached
// access (and the group directory) in a replica that checked recently does not list the new group.
import { eq } from 'drizzle-orm';
import { GROUP_SETUP_MESSAGES, type groupSetupAnswer, type groupSetupBody } from '../../../src/contracts/group-setup';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { coverageOptions, divisions, employers, groupMemberCounts, plans } from '../../db/schema';
import { invalidFields } from '../../lib/field-errors';
import { bumpAccessVersion, inviteUser, type UserAdmin } from '../identity';

export type GroupSetupCaller = { actor: string };
export type GroupSetupDeps = {
  /** Who invites the first GroupAdmin, in the new group (the handler's adminOf). */
  adminOf: (employerPK: number) => UserAdmin;
};

type Body = z.output<typeof groupSetupBody>;
type Answer = z.output<typeof groupSetupAnswer>;

const employerIDTaken = () => invalidFields({ employerID: [GROUP_SETUP_MESSAGES.employerIDTaken] });

/** Postgres' unique violation, wherever the driver or drizzle wrapped it. */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    const { code, constraint: name, cause } = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (code === '23505' && (name === undefined || name === constraint)) return true;
    e = cause;
  }
  return false;
}

export async function createGroup(db: Db, caller: GroupSetupCaller, body: Body, deps: GroupSetupDeps): Promise<Answer> {
  try {
    return await db.transaction(async (tx) => {
      const [taken] = await tx
        .select({ employerPK: employers.employerPK })
        .from(employers)
        .where(eq(employers.employerID, body.employerID));
      if (taken) throw employerIDTaken();

      const [employer] = await tx
        .insert(employers)
        .values({
          employerName: body.employerName.trim(),
          employerID: body.employerID,
          // As the seed stores it: the EIN's 9 digits without the dash.
          taxID: body.taxID.replace(/\D/g, ''),
          groupEffectiveDate: body.groupEffectiveDate,
          mfaRequired: body.mfaRequired,
        })
        .returning({ employerPK: employers.employerPK });
      const employerPK = employer!.employerPK;
      // The counts the member list and the insight read are kept by triggers on subscribers, which
      // upsert: a group without members yet has its zero row from the start.
      await tx.insert(groupMemberCounts).values({ employerPK }).onConflictDoNothing();

      const inserted = await tx
        .insert(divisions)
        .values(body.divisions.map((d) => ({ employerPK, locationCode: d.locationCode, description: d.description })))
        .returning({ divisionPK: divisions.divisionPK, locationCode: divisions.locationCode });
      const divisionPK = new Map(inserted.map((d) => [d.locationCode.toUpperCase(), d.divisionPK]));
      const every = inserted.map((d) => d.divisionPK);

      const planRows = body.plans.flatMap((p) => {
        const offeredIn =
          p.divisions.length === 0
            ? every
            : [...new Set(p.divisions.map((code) => divisionPK.get(code.toUpperCase())!))];
        return offeredIn.map((pk) => ({
          employerPK,
          divisionPK: pk,
          planType: p.planType,
          planName: p.planName,
          planDescription: p.planDescription,
          planCode: p.planCode,
          networkCode: p.networkCode,
          contractBeginDate: p.contractBeginDate,
          contractEndDate: p.contractEndDate,
        }));
      });
      if (planRows.length > 0) await tx.insert(plans).values(planRows);

      const tierRows = every.flatMap((pk) =>
        body.tiers.map((tier, i) => ({
          employerPK,
          divisionPK: pk,
          isMedical: tier.isMedical,
          name: tier.name,
          tierCode: tier.tierCode,
          requiresDependents: tier.requiresDependents,
          sortOrder: i + 1,
        })),
      );
      if (tierRows.length > 0) await tx.insert(coverageOptions).values(tierRows);

      // Every replica's cached access drops once it sees the bump: the operator holds every group.
      await bumpAccessVersion(tx);

      let invitedUserId: string | null = null;
      if (body.firstAdmin) {
        // Sending fails the whole setup (the transaction rolls back): the operator sends it again.
        const { user } = await inviteUser(tx, deps.adminOf(employerPK), {
          email: body.firstAdmin.email,
          givenName: body.firstAdmin.firstName,
          familyName: body.firstAdmin.lastName,
          roles: ['GroupAdmin'],
        });
        invitedUserId = user?.userId ?? null;
      }
      void caller; // Who created it is the audit's record (the api layer).
      return { employerPK, employerID: body.employerID, invitedUserId };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'employers_employer_id_uq')) throw employerIDTaken();
    throw error;
  }
}
