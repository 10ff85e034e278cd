import type { LookupKind } from '../../../src/contracts/lookups';
import type { Db } from '../client';
import { lookupValues } from '../schema';
import { LOOKUPS } from './data';

export async function seedLookups(db: Db): Promise<void> {
  const rows = (Object.entries(LOOKUPS) as [LookupKind, (typeof LOOKUPS)[LookupKind]][]).flatMap(([kind, values]) =>
    values.map((v, i) => ({
      kind,
      pk: v.pk,
      name: v.name,
      code: v.code ?? null,
      sortOrder: i + 1,
      commonReason: v.commonReason ?? false,
    })),
  );
  await db.insert(lookupValues).values(rows);
}
