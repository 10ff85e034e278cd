import { dependentQueries } from '../../api/dependent-queries';
import { fsaQueries } from '../../api/fsa-queries';
import { subscriberQueries } from '../../api/subscriber-queries';

/** What 'View Coverage' loads for one subscriber; the modal reads the same queries. */
export type LoadedSubscriber = { subscriberPK: number; includeTermed: boolean };

export const coverageLoads = ({ subscriberPK, includeTermed }: LoadedSubscriber) => ({
  details: subscriberQueries.details(subscriberPK),
  dependents: dependentQueries.list({ subscriberPK, includetermed: includeTermed }),
  fsa: fsaQueries.information(subscriberPK),
});

/** The modal forces a refresh this long after it appears (spec 2 §9). */
export const COVERAGE_REFRESH_MS = 5000;
