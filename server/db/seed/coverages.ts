// Medical and dental coverage of each member and their dependents, FSA elections and ID card requests.
import type { Faker } from '@faker-js/faker';
import type { PlanType } from '../../../src/contracts/employers';
import { addDays, atTime, maxDate, yearOf } from '../../lib/calendar';
import { bulkInsert } from '../bulk-insert';
import type { Db } from '../client';
import { coverages, fsaElections, idCards } from '../schema';
import type { GenSubscriber, Member } from './members';
import { randomDate } from './people';
import { planKey, tierCodeFor, tierKey, type Structure } from './plans';
import { SEED_ACTOR, need } from './seed-rows';

type NewCoverage = typeof coverages.$inferInsert;

/** Coverage window of a member on the plan year it is enrolled in (current year, or its term year). */
function coverageWindow(sub: GenSubscriber, today: string): { year: number; begin: string; end: string | null } | null {
  const termDate = sub.row.termDate ?? null;
  const year = termDate ? yearOf(termDate) : yearOf(today);
  const begin = maxDate(sub.row.effectiveDate, `${year}-01-01`);
  if (termDate && begin > termDate) return null;
  return { year, begin, end: termDate };
}

export async function insertCoveragesAndExtras(
  db: Db,
  f: Faker,
  structure: Structure,
  members: Member[],
  today: string,
) {
  const coverageRows: NewCoverage[] = [];
  const fsaRows: (typeof fsaElections.$inferInsert)[] = [];
  const cardRows: (typeof idCards.$inferInsert)[] = [];

  for (const m of members) {
    const s = m.sub.row;
    const window = coverageWindow(m.sub, today);
    if (!window) continue;
    // The tier reflects dependents still covered (for a termed subscriber: those termed with them).
    const covered = m.sub.dependents.filter((d) => d.row.termDate == null || d.row.termDate === s.termDate);
    const tierCode = tierCodeFor(covered.map((d) => d.row.relationshipPK));
    const enrolments: [PlanType, number | null][] = [
      ['Medical', m.sub.medical],
      ['Dental', m.sub.dental],
    ];
    for (const [planType, index] of enrolments) {
      if (index === null) continue;
      const planPK = need(structure.plan.get(planKey(s.divisionPK, planType, index, window.year)), 'plan');
      const coverageOptionPK = need(
        structure.tier.get(tierKey(s.divisionPK, planType === 'Medical', tierCode)),
        'tier',
      );
      coverageRows.push({
        subscriberPK: m.subscriberPK,
        dependentPK: null,
        planPK,
        coverageOptionPK,
        beginDate: window.begin,
        endDate: window.end,
      });
      for (const d of m.sub.dependents) {
        const begin = maxDate(window.begin, d.row.dateOfBirth);
        const end = d.row.termDate ?? window.end;
        if (end !== null && end < begin) continue;
        coverageRows.push({
          subscriberPK: m.subscriberPK,
          dependentPK: need(m.dependentPKs.get(d.row.dependentID), 'dependent'),
          planPK,
          coverageOptionPK,
          beginDate: begin,
          endDate: end ?? null,
        });
      }
    }
    for (const e of m.sub.fsa) {
      fsaRows.push({
        subscriberPK: m.subscriberPK,
        planPK: need(structure.plan.get(planKey(s.divisionPK, 'FSA', e.index, yearOf(today))), 'FSA plan'),
        electionAmount: e.amount,
        availableBalance: e.balance,
        planYear: yearOf(today),
      });
    }
    if (m.sub.idCard && window.begin <= today) {
      const day = randomDate(f, maxDate(window.begin, addDays(today, -300)), today);
      cardRows.push({
        subscriberPK: m.subscriberPK,
        dependentPK: null,
        requestedBy: SEED_ACTOR,
        createdAt: atTime(day, f.number.int({ min: 13, max: 22 }), f.number.int({ min: 0, max: 59 })),
        cardNumber: `W${f.string.numeric(9)}`,
      });
    }
  }
  await bulkInsert(db, coverages, coverageRows);
  await bulkInsert(db, fsaElections, fsaRows);
  await bulkInsert(db, idCards, cardRows);
}
