import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { accountQueries, groupSearchOf } from '../../../api/account-queries';
import { employerQueries } from '../../../api/employer-queries';
import { ListPagination } from '../../../components/data-table/list-pagination';
import { RetryAlert } from '../../../components/ui/retry-alert';
import { GROUP_CHOICE_PAGE_SIZE, GROUP_SEARCH_MAX, type GroupChoice } from '../../../contracts/account';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useEmployerPK, useSession } from '../../../hooks/use-session';
import { useSwitchGroup } from '../hooks/use-switch-group';
import { GroupCard } from './group-card';

/** Typing pauses this long before the search goes to the server. */
export const GROUP_CARDS_SEARCH_DELAY_MS = 300;

/** The first page of the home screen's cards, as its loader warms it. */
export const firstGroupCardsPage = () => accountQueries.groups({ page: 0, recordsPerPage: GROUP_CHOICE_PAGE_SIZE });

/**
 * Home screen: the user's groups, a page of cards at a time from the server, searched by name or
 * group ID (a broker may hold thousands); choosing one makes it current.
 */
export function GroupCards() {
  const groupCount = useSession()?.groupCount ?? 0;
  const currentEmployerPK = useEmployerPK();
  const switchGroup = useSwitchGroup();
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(groupSearchOf(typed), GROUP_CARDS_SEARCH_DELAY_MS);
  // The page goes with the search it was chosen in: a new search starts at the first page.
  const [paging, setPaging] = useState<{ search: string | undefined; page: number }>({ search: undefined, page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const groups = useQuery({
    ...accountQueries.groups({ search, page: page - 1, recordsPerPage: GROUP_CHOICE_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const data = groups.data;

  return (
    <Stack spacing={2}>
      {/* One group: nothing to search, the card alone as before. */}
      {groupCount > 1 && (
        <Box role="search" aria-label="Group search">
          <TextField
            type="search"
            label="Search groups"
            helperText="Group name or group ID"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            slotProps={{ htmlInput: { maxLength: GROUP_SEARCH_MAX } }}
            sx={{ width: { xs: '100%', sm: '24rem' } }}
          />
        </Box>
      )}
      {groups.error && (
        <RetryAlert
          title="Your groups could not be loaded"
          error={groups.error}
          onRetry={() => void groups.refetch()}
        />
      )}
      {!data && !groups.error && <Typography role="status">Loading your groups…</Typography>}
      {data && (
        <Box aria-busy={groups.isPlaceholderData} sx={{ position: 'relative' }}>
          {groups.isPlaceholderData && (
            <LinearProgress aria-label="Loading groups" sx={{ position: 'absolute', top: -8, left: 0, right: 0 }} />
          )}
          {data.list.length === 0 ? (
            <Typography sx={{ p: 2 }}>
              {search ? 'No groups match your search.' : 'There are no groups on this page.'}
            </Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
              {data.list.map((group) => (
                <GroupCardWithLogo
                  key={group.employerPK}
                  group={group}
                  current={group.employerPK === currentEmployerPK}
                  onSelect={() => void switchGroup(group.employerPK)}
                />
              ))}
            </Box>
          )}
          {data.recordCount > GROUP_CHOICE_PAGE_SIZE && (
            <ListPagination
              page={page}
              recordCount={data.recordCount}
              pageSize={GROUP_CHOICE_PAGE_SIZE}
              pageLinks={5}
              itemLabel="Groups"
              navLabel="Group pages"
              rowCount={data.list.length}
              onPage={(next) => setPaging({ search, page: next })}
            />
          )}
        </Box>
      )}
    </Stack>
  );
}

/** A card with its group's logo: the details of the (at most a page of) groups shown are fetched per card. */
function GroupCardWithLogo(props: { group: GroupChoice; current: boolean; onSelect: () => void }) {
  const { data: details } = useQuery(employerQueries.details(props.group.employerPK));
  return <GroupCard {...props} logo={details?.employerLogo} />;
}
