import Box from '@mui/material/Box';
import { useSuspenseQueries } from '@tanstack/react-query';
import { employerQueries } from '../../../api/employer-queries';
import { useEmployerPK, useSession } from '../../../hooks/use-session';
import { useSwitchGroup } from '../hooks/use-switch-group';
import { GroupCard } from './group-card';

/** Home screen: one card per group of the user; choosing one makes it current. */
export function GroupCards() {
  const groupPKs = useSession()?.groupPKs ?? [];
  const currentEmployerPK = useEmployerPK();
  const switchGroup = useSwitchGroup();
  const employers = useSuspenseQueries({
    queries: groupPKs.map((pk) => employerQueries.details(pk)),
    combine: (results) => results.map((r) => r.data),
  });

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
      {employers.map((employer) => (
        <GroupCard
          key={employer.employerPK}
          employer={employer}
          current={employer.employerPK === currentEmployerPK}
          onSelect={() => void switchGroup(employer.employerPK)}
        />
      ))}
    </Box>
  );
}
