import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { myBenefitsQueries } from '../../api/my-benefits-queries';
import { endpoints } from '../../contracts/endpoints';
import { RetryAlert } from '../../components/ui/retry-alert';
import { dateToIso, formatIsoDate } from '../../lib/calendar-date';
import { openBlobInNewWindow } from '../../lib/open-document';

/** "Documents": the member's open enrollment confirmation statements, the latest of each window. */
export function MyDocumentsSection({ employerPK }: { employerPK: number }) {
  const headingId = useId();
  const documents = useQuery(myBenefitsQueries.documents(employerPK));
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 2 }}>
      <Typography id={headingId} variant="h6" component="h2">
        Documents
      </Typography>
      {documents.isPending && <Skeleton variant="rounded" height={64} aria-label="Loading your documents" />}
      {documents.isError && (
        <RetryAlert
          title="Your documents could not be loaded"
          error={documents.error}
          onRetry={() => void documents.refetch()}
        />
      )}
      {documents.data?.statements.length === 0 && <Typography variant="body2">No documents yet.</Typography>}
      {documents.data && documents.data.statements.length > 0 && (
        <List dense disablePadding>
          {documents.data.statements.map((s) => {
            const title = `Open enrollment confirmation, plan year ${s.planYearBegin.slice(0, 4)}`;
            return (
              <ListItem
                key={s.statementPK}
                disableGutters
                secondaryAction={
                  <Button
                    size="small"
                    variant="outlined"
                    aria-label={`PDF, ${title}`}
                    // A button, not a link: the PDF is fetched with the bearer token.
                    onClick={() =>
                      void openBlobInNewWindow(
                        endpoints.myStatement,
                        { query: { employerPK, statementPK: s.statementPK } },
                        'open-enrollment-confirmation.pdf',
                      ).catch(() => undefined)
                    }
                  >
                    PDF
                  </Button>
                }
                sx={{ pr: 8 }}
              >
                <ListItemText
                  primary={title}
                  secondary={`Submitted ${formatIsoDate(dateToIso(new Date(s.submittedAt)))}`}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
