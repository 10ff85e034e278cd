import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { DownloadStatus } from '../../components/ui/download-status';
import { endpoints } from '../../contracts/endpoints';
import { IMPORT_MESSAGES, type ImportView } from '../../contracts/imports';
import type { TerminationChoice } from '../../contracts/terminations';
import { useFileDownload } from '../../hooks/use-file-download';
import { downloadFile } from '../../lib/download-file';
import { ConfirmDialog } from './confirm-dialog';
import { LeaverTermination, useLeaverForm } from './leaver-termination';
import { baseName, failureMessage, plural } from './upload-labels';
import { useCommitLoop, type CommitMode, type CommitProgress } from './use-commit-loop';
import { useImportChange } from './use-import-change';

/** Families a commit turns into requests: the errors' families never, name changes only when confirmed. */
export const familiesToCommit = ({ counts }: Pick<ImportView, 'counts'>, confirmIdentity: boolean) =>
  counts.new + counts.update + (confirmIdentity ? counts.identity : 0);

const HEADING_ID = 'commit-heading';

const MODE_LABELS: Record<CommitMode, string> = { valid: 'Commit valid rows', all: 'Commit all rows' };

type CommitPanelProps = { view: ImportView; employerPK: number };

/**
 * The error report, the commit (in batches, with its progress and a Cancel), a commit to resume after
 * a reload, and the report of what was committed.
 */
export function CommitPanel({ view, employerPK }: CommitPanelProps) {
  const loop = useCommitLoop(employerPK, view.importPK);
  const [confirmIdentity, setConfirmIdentity] = useState(false);
  const [terminateLeavers, setTerminateLeavers] = useState(false);
  const leaverForm = useLeaverForm();
  const [termination, setTermination] = useState<TerminationChoice | undefined>(undefined);
  const [asking, setAsking] = useState<CommitMode | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const ask = (mode: CommitMode, button: HTMLElement) => {
    opener.current = button;
    if (!terminateLeavers) {
      setTermination(undefined);
      setAsking(mode);
      return;
    }
    // The leavers' dates and reason are checked before the confirmation; a missing one is focused.
    void leaverForm.handleSubmit((values) => {
      setTermination({
        eventDate: values.eventDate,
        terminationDate: values.terminationDate,
        reasonPK: values.reasonPK,
        comment: values.comment || undefined,
      });
      setAsking(mode);
    })();
  };
  const stop = useImportChange(endpoints.importCancel, employerPK, view.importPK);
  const { counts } = view;
  const hasErrors = counts.errorRows > 0;
  const interrupted = view.status === 'committing' && !loop.running;
  const showReport = !loop.running && (loop.finished || ['committed', 'cancelled'].includes(view.status));

  const commit = (mode: CommitMode) => {
    setAsking(null);
    loop.start(mode, confirmIdentity, terminateLeavers ? termination : undefined);
  };

  return (
    <Paper component="section" variant="outlined" aria-labelledby={HEADING_ID} sx={{ p: 2 }}>
      <Stack spacing={2}>
        <Typography id={HEADING_ID} variant="h6" component="h2" tabIndex={-1} sx={{ '&:focus': { outline: 'none' } }}>
          Commit
        </Typography>
        {hasErrors && <ErrorReport view={view} employerPK={employerPK} />}
        {view.status === 'preview' && !loop.running && (
          <>
            {counts.identity > 0 && (
              <FormControlLabel
                control={
                  <Checkbox checked={confirmIdentity} onChange={(event) => setConfirmIdentity(event.target.checked)} />
                }
                label={`Also apply the ${plural(counts.identity, 'name change', 'name changes')}`}
              />
            )}
            {counts.termination > 0 && (
              <LeaverTermination
                count={counts.termination}
                checked={terminateLeavers}
                onCheckedChange={setTerminateLeavers}
                form={leaverForm}
              />
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
              <Button variant="contained" onClick={(event) => ask('valid', event.currentTarget)}>
                {MODE_LABELS.valid}
              </Button>
              <Box>
                <Button
                  variant="outlined"
                  disabled={hasErrors}
                  aria-describedby={hasErrors ? 'commit-all-help' : undefined}
                  onClick={(event) => ask('all', event.currentTarget)}
                >
                  {MODE_LABELS.all}
                </Button>
                {hasErrors && <FormHelperText id="commit-all-help">{IMPORT_MESSAGES.fixErrorsFirst}</FormHelperText>}
              </Box>
            </Stack>
          </>
        )}
        {loop.running && loop.progress && (
          <CommitProgressBar progress={loop.progress} stopping={loop.stopping} onCancel={loop.cancel} />
        )}
        {interrupted && (
          <Alert
            severity="warning"
            action={
              <Stack direction="row" spacing={1}>
                <Button
                  color="inherit"
                  size="small"
                  disabled={stop.isPending}
                  onClick={() => commit(view.commitMode ?? 'valid')}
                >
                  Resume commit
                </Button>
                <Button
                  color="inherit"
                  size="small"
                  disabled={stop.isPending}
                  onClick={() => stop.mutate({ body: { employerPK, importPK: view.importPK } })}
                >
                  Stop
                </Button>
              </Stack>
            }
          >
            <AlertTitle>This upload’s commit was interrupted</AlertTitle>
            {plural(view.remaining, 'family is', 'families are')} still to commit.
          </Alert>
        )}
        {stop.error && (
          <Alert severity="error" role="alert">
            The commit was not stopped: {failureMessage(stop.error)}
          </Alert>
        )}
        {loop.error !== null && (
          <Alert severity="error" role="alert">
            The commit stopped: {failureMessage(loop.error)} What was committed before stays committed.
          </Alert>
        )}
        {showReport && <CommitReport view={view} />}
      </Stack>
      <ConfirmDialog
        id="confirm-commit"
        open={asking !== null}
        title={asking ? `${MODE_LABELS[asking]}?` : ''}
        text={`${plural(familiesToCommit(view, confirmIdentity), 'enrollment request', 'enrollment requests')} will be created, one per family.${
          counts.identity > 0 && !confirmIdentity ? ' Name changes are left out.' : ''
        }${
          terminateLeavers && termination
            ? ` ${plural(counts.termination, 'termination request', 'termination requests')} will be created, ending coverage on ${termination.terminationDate}.`
            : ''
        }`}
        confirm={asking ? MODE_LABELS[asking] : 'Commit'}
        onConfirm={() => asking && commit(asking)}
        onClose={() => setAsking(null)}
        // After a confirmation the commit buttons make way for the progress: focus goes to the panel.
        onExited={() => (opener.current?.isConnected ? opener.current : document.getElementById(HEADING_ID))?.focus()}
      />
    </Paper>
  );
}

type CommitProgressBarProps = { progress: CommitProgress; stopping: boolean; onCancel: () => void };

function CommitProgressBar({ progress, stopping, onCancel }: CommitProgressBarProps) {
  const { done, total } = progress;
  const percent = total ? Math.round((done / total) * 100) : undefined;
  return (
    <Stack spacing={1}>
      <LinearProgress
        variant={percent === undefined ? 'indeterminate' : 'determinate'}
        value={percent}
        aria-label="Committing"
      />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" role="status" aria-live="polite">
          {stopping
            ? 'Stopping after the batch in progress…'
            : total === null
              ? 'Committing the first batch…'
              : `Committed ${done.toLocaleString('en-US')} of ${plural(total, 'family', 'families')}`}
        </Typography>
        <Button size="small" disabled={stopping} onClick={onCancel}>
          Cancel
        </Button>
      </Stack>
    </Stack>
  );
}

function CommitReport({ view }: { view: ImportView }) {
  const { counts } = view;
  const notCommitted = Math.max(0, counts.rows - counts.committed);
  const cancelled = Math.max(0, notCommitted - counts.errorRows - counts.unchanged);
  return (
    <Alert severity={view.status === 'cancelled' ? 'info' : 'success'} data-testid="commit-report">
      <AlertTitle>{view.status === 'cancelled' ? 'Commit cancelled' : 'Commit finished'}</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        <li>{plural(counts.requestsCreated, 'request', 'requests')} created</li>
        <li>{plural(counts.committed, 'row', 'rows')} committed</li>
        <li>
          {plural(notCommitted, 'row', 'rows')} not committed: {counts.errorRows.toLocaleString('en-US')} with errors,{' '}
          {counts.unchanged.toLocaleString('en-US')} unchanged, {cancelled.toLocaleString('en-US')} cancelled or left
          out
        </li>
      </ul>
      <Link component={RouterLink} to="/enrollment-manager">
        Open Enrollment Submissions
      </Link>
    </Alert>
  );
}

function ErrorReport({ view, employerPK }: CommitPanelProps) {
  const download = useFileDownload<void>((_none, options) =>
    downloadFile(
      endpoints.importErrorReport,
      { query: { employerPK, importPK: view.importPK } },
      { ...options, fileName: `${baseName(view.fileName)}-errors.xlsx` },
    ),
  );
  return (
    <Stack spacing={1}>
      <Typography variant="body2">
        {plural(view.counts.errorRows, 'row has', 'rows have')} errors. The error report lists every row with an Errors
        column; fix the file and upload it again, or fix rows here.
      </Typography>
      <Box>
        <Button variant="outlined" disabled={download.isDownloading} onClick={() => download.start()}>
          Download error report
        </Button>
      </Box>
      <DownloadStatus label="the error report" progress={download.progress} />
      {download.error && (
        <Alert severity="error" onClose={download.dismissError}>
          The error report could not be downloaded: {failureMessage(download.error)}
        </Alert>
      )}
    </Stack>
  );
}
