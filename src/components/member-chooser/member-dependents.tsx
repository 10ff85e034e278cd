import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { dependentQueries } from '../../api/dependent-queries';
import type { Dependent } from '../../contracts/dependents';
import type { SubscriberSummary } from '../../contracts/subscribers';
import { formatIsoDate } from '../../lib/calendar-date';

type MemberDependentsProps = {
  subscriber: SubscriberSummary;
  includeTermed: boolean;
  onChoose: (dependent: Dependent) => void;
};

/** The expanded part of a subscriber row: its dependents, each one choosable. */
export function MemberDependents({ subscriber, includeTermed, onChoose }: MemberDependentsProps) {
  // Fetched only once the row is opened; a 404 is an empty list.
  const dependents = useQuery(
    dependentQueries.list({ subscriberPK: subscriber.subscriberPK, includetermed: includeTermed }),
  );
  const owner = `${subscriber.firstName} ${subscriber.lastName}`;

  if (dependents.isPending) return <LinearProgress aria-label={`Loading dependents of ${owner}`} />;
  if (dependents.isError) return <Alert severity="error">The dependents of {owner} could not be loaded.</Alert>;
  if (dependents.data.length === 0) {
    return <Typography variant="body2">{owner} has no dependents.</Typography>;
  }
  return (
    <>
      <Typography variant="caption" component="p" sx={{ color: 'text.secondary' }}>
        Choose a dependent of {owner}:
      </Typography>
      <List dense disablePadding aria-label={`Dependents of ${owner}`} sx={{ maxHeight: 300, overflowY: 'auto' }}>
        {dependents.data.map((dependent) => (
          <ListItem key={dependent.dependentPK} disablePadding>
            <ListItemButton onClick={() => onChoose(dependent)}>
              <ListItemText primary={dependentName(dependent)} secondary={dependentFacts(dependent)} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </>
  );
}

const dependentName = (d: Dependent) => `${d.firstName} ${d.lastName}${d.isTermed ? ' (termed)' : ''}`;

const dependentFacts = (d: Dependent) =>
  [d.relationship, `born ${formatIsoDate(d.dateOfBirth)}`, d.ssnLast4 ? `SSN ending in ${d.ssnLast4}` : null]
    .filter(Boolean)
    .join(' · ');
