import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QueryErrorResetBoundary, useSuspenseQuery } from '@tanstack/react-query';
import { CatchBoundary, useNavigate, useSearch } from '@tanstack/react-router';
import { Suspense, useRef, useState } from 'react';
import { carrierFileQueries } from '../../api/carrier-file-queries';
import { ListPagination } from '../../components/data-table/list-pagination';
import { PageHeading } from '../../components/ui/page-heading';
import { CARRIER_FILE_PAGE_SIZE, type CarrierFileItem } from '../../contracts/carrier-files';
import { useEmployerPK } from '../../hooks/use-session';
import { CarrierFileTable } from './carrier-file-table';
import { CarrierFileViewDialog } from './carrier-file-view-dialog';
import { carrierFilesSearchSchema, toCarrierFileListBody } from './carrier-files-search';
import { useCarrierFileActions } from './use-carrier-file-actions';

/**
 * Carrier Files: the X12 834 files the feed made for the group, the open batch waiting for the next
 * one, and what may be done with them (send now, full file, 999 upload, view, download).
 */
export function CarrierFilesScreen() {
  const employerPK = useEmployerPK();
  const search = carrierFilesSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  const actions = useCarrierFileActions(employerPK);
  const [viewing, setViewing] = useState<CarrierFileItem | null>(null);
  const upload = useRef<HTMLInputElement>(null);
  const page = search.page ?? 1;

  return (
    <>
      <PageHeading title="Carrier Files" />
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <Button variant="contained" disabled={actions.busy} onClick={actions.sendOpenBatch}>
            Send Open Changes Now
          </Button>
          <Button variant="outlined" disabled={actions.busy} onClick={actions.generateFullFile}>
            Generate Full File
          </Button>
          <Button variant="outlined" disabled={actions.busy} onClick={() => upload.current?.click()}>
            Upload 999 Acknowledgment
          </Button>
          <input
            ref={upload}
            type="file"
            accept=".x12,.edi,.txt,.999"
            hidden
            aria-label="999 acknowledgment file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void actions.uploadAcknowledgment(file);
            }}
          />
        </Stack>
        {actions.outcome && (
          <Alert severity={actions.outcome.severity} role="status" data-testid="carrier-action-outcome">
            {actions.outcome.message}
          </Alert>
        )}
        <Paper variant="outlined">
          <QueryErrorResetBoundary>
            {({ reset }) => (
              <CatchBoundary
                getResetKey={() => `${employerPK}|${page}`}
                onCatch={(error) => console.error('Carrier file list failed', error)}
                errorComponent={({ error, reset: resetBoundary }) => (
                  <Box sx={{ p: 2 }}>
                    <Alert
                      severity="error"
                      action={
                        <Button
                          onClick={() => {
                            reset();
                            resetBoundary();
                          }}
                        >
                          Retry
                        </Button>
                      }
                    >
                      The carrier files could not be loaded. {error instanceof Error ? error.message : ''}
                    </Alert>
                  </Box>
                )}
              >
                <Suspense fallback={<Typography sx={{ p: 2 }}>Loading carrier files…</Typography>}>
                  <CarrierFileResults
                    employerPK={employerPK}
                    page={page}
                    downloading={actions.downloading}
                    onView={setViewing}
                    onDownload={actions.download}
                    onPage={(next) => void navigate({ to: '.', search: { page: next > 1 ? next : undefined } })}
                  />
                </Suspense>
              </CatchBoundary>
            )}
          </QueryErrorResetBoundary>
        </Paper>
      </Stack>
      {viewing && <CarrierFileViewDialog employerPK={employerPK} file={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

type CarrierFileResultsProps = {
  employerPK: number;
  page: number;
  downloading: number | null;
  onView: (file: CarrierFileItem) => void;
  onDownload: (file: CarrierFileItem) => void;
  onPage: (page: number) => void;
};

function CarrierFileResults({ employerPK, page, downloading, onView, onDownload, onPage }: CarrierFileResultsProps) {
  const { data } = useSuspenseQuery(carrierFileQueries.list(toCarrierFileListBody({ page }, employerPK)));
  const waiting = data.openBatch === 1 ? '1 processed change waits' : `${data.openBatch} processed changes wait`;
  return (
    <>
      <Typography sx={{ p: 2 }}>{waiting} for the next change file.</Typography>
      {data.result.length === 0 ? (
        <Typography sx={{ p: 2 }}>No carrier file has been made for this group yet.</Typography>
      ) : (
        <CarrierFileTable files={data.result} downloading={downloading} onView={onView} onDownload={onDownload} />
      )}
      <ListPagination
        page={page}
        recordCount={data.totalCount}
        pageSize={CARRIER_FILE_PAGE_SIZE}
        pageLinks={5}
        itemLabel="Files"
        navLabel="Carrier file pages"
        rowCount={data.result.length}
        onPage={onPage}
      />
    </>
  );
}
