import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { claims, dependents, idCards, requests, subscribers } from '../../db/schema';
import type { ResourceKind } from '../../../src/contracts/endpoint';

/** The employer group a record belongs to, or null when there is no such record. */
export async function groupOfResource(db: Db, kind: ResourceKind, id: number): Promise<number | null> {
  const rows = await groupQuery(db, kind, id);
  return rows[0]?.employerPK ?? null;
}

function groupQuery(db: Db, kind: ResourceKind, id: number) {
  switch (kind) {
    case 'subscriber':
      return db
        .select({ employerPK: subscribers.employerPK })
        .from(subscribers)
        .where(eq(subscribers.subscriberPK, id));
    case 'dependent':
      return db
        .select({ employerPK: subscribers.employerPK })
        .from(dependents)
        .innerJoin(subscribers, eq(subscribers.subscriberPK, dependents.subscriberPK))
        .where(eq(dependents.dependentPK, id));
    case 'request':
      return db.select({ employerPK: requests.employerPK }).from(requests).where(eq(requests.requestPK, id));
    case 'claim':
      return db.select({ employerPK: claims.employerPK }).from(claims).where(eq(claims.claimID, id));
    case 'idCard':
      return db
        .select({ employerPK: subscribers.employerPK })
        .from(idCards)
        .innerJoin(subscribers, eq(subscribers.subscriberPK, idCards.subscriberPK))
        .where(eq(idCards.idCardPK, id));
  }
}
