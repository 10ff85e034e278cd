import type { Db } from '../../db/client';
import { auditEvents } from '../../db/schema';
import { pathOnly } from '../../lib/log-options';

/** Records a page view; only the path is kept, since search params can carry member names. */
export async function pageView(db: Db, actor: string, path: string) {
  await db.insert(auditEvents).values({ actor, action: 'pageView', detail: { path: pathOnly(path) } });
}
