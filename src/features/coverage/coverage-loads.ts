import { subscriberQueries } from '../../components/member-chooser/api/subscriber-queries';
import { dependentListQueryOptions } from '../../lib/dependent-list';
import { coverageQueries } from './api/coverage-queries';

/** What 'View Coverage' loads for one subscriber; the modal reads the same queries. */
export type LoadedSubscriber = { subscriberPK: number; includeTermed: boolean };

export const coverageLoads = ({ subscriberPK, includeTermed }: LoadedSubscriber) => ({
  details: subscriberQueries.details(subscriberPK),
  dependents: dependentListQueryOptions({ subscriberPK, includetermed: includeTermed }),
  fsa: coverageQueries.fsa(subscriberPK),
});

/** The modal forces a refresh this long after it appears (spec 2 §9). */
export const COVERAGE_REFRESH_MS = 5000;
