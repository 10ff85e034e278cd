import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Skeleton from '@mui/material/Skeleton';
import { useQuery } from '@tanstack/react-query';
import { openEnrollmentQueries } from '../../api/open-enrollment-queries';
import { RetryAlert } from '../../components/ui/retry-alert';
import { endpoints } from '../../contracts/endpoints';
import { formatIsoDate } from '../../lib/calendar-date';
import { openBlobInNewWindow } from '../../lib/open-document';

const TITLE_ID = 'member-statements-title';
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export type StatementsOf = { subscriberPK: number; name: string };

/** Every confirmation statement a member's submissions made, newest first, each opened as its PDF. */
export function MemberStatementsDialog({ member, onClose }: { member: StatementsOf | null; onClose: () => void }) {
  const statements = useQuery({
    ...openEnrollmentQueries.statements(member?.subscriberPK ?? 0),
    enabled: member !== null,
  });
  return (
    <Dialog open={member !== null} onClose={onClose} aria-labelledby={TITLE_ID} fullWidth maxWidth="sm">
      <DialogTitle id={TITLE_ID}>Statements of {member?.name}</DialogTitle>
      <DialogContent>
        {statements.isPending && <Skeleton variant="rounded" height={80} aria-label="Loading statements" />}
        {statements.isError && (
          <RetryAlert
            title="The statements could not be loaded"
            error={statements.error}
            onRetry={() => void statements.refetch()}
          />
        )}
        {statements.data?.length === 0 && 'No statements: this member has not submitted elections.'}
        {statements.data && statements.data.length > 0 && (
          <List aria-label="Statements, newest first">
            {statements.data.map((s, index) => {
              const when = dateTime.format(new Date(s.submittedAt));
              return (
                <ListItem key={s.statementPK} disableGutters>
                  <Button
                    onClick={() =>
                      void openBlobInNewWindow(
                        endpoints.memberStatementPdf,
                        { query: { subscriberPK: member!.subscriberPK, statementPK: s.statementPK } },
                        'open-enrollment-confirmation.pdf',
                      ).catch(() => undefined)
                    }
                  >
                    {when} (plan year {formatIsoDate(s.planYearBegin)}){index === 0 ? ', latest' : ''}
                  </Button>
                </ListItem>
              );
            })}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
