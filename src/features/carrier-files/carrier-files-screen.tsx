import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { carrierFileQueries } from '../../api/carrier-file-queries';
import { ListPage } from '../../components/list-page/list-page';
import { ListResults } from '../../components/list-page/list-results';
import { SuspenseListPanel } from '../../components/list-page/suspense-list-panel';
import { CARRIER_FILE_PAGE_SIZE, type CarrierFileItem } from '../../contracts/carrier-files';
import { useEmployerPK } from '../../hooks/use-session';
import { pageOf, useListSearch } from '../../lib/list-search';
import { CarrierFileTable } from './carrier-file-table';
import { CarrierFileViewDialog } from './carrier-file-view-dialog';
import { carrierFilesSearch, toCarrierFileListBody } from './carrier-files-search';
import { useCarrierFileActions } from './use-carrier-file-actions';

const CARRIER_FILE_PAGING = {
  pageSize: CARRIER_FILE_PAGE_SIZE,
  pageLinks: 5,
  itemLabel: 'Files',
  navLabel: 'Carrier file pages',
};

/**
 * Carrier Files: the X12 834 files the feed made for the group, the open batch waiting for the next
 * one, and what may be done with them (send now, full file, 999 upload, view, download).
 */
export function CarrierFilesScreen() {
  const employerPK = useEmployerPK();
  const [search, setSearch] = useListSearch(carrierFilesSearch);
  const actions = useCarrierFileActions(employerPK);
  const [viewing, setViewing] = useState<CarrierFileItem | null>(null);
  const upload = useRef<HTMLInputElement>(null);
  const page = pageOf(search);

  return (
    <>
      <ListPage title="Carrier Files">
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
        <SuspenseListPanel
          resetKey={`${employerPK}|${page}`}
          what="Carrier file list"
          fallback={<Typography sx={{ p: 2 }}>Loading carrier files…</Typography>}
          failure={(error, retry) => (
            <Alert severity="error" action={<Button onClick={retry}>Retry</Button>}>
              The carrier files could not be loaded. {error instanceof Error ? error.message : ''}
            </Alert>
          )}
        >
          <CarrierFileResults
            page={page}
            actions={actions}
            onView={setViewing}
            onPage={(next) => void setSearch({ page: next })}
          />
        </SuspenseListPanel>
      </ListPage>
      {viewing && <CarrierFileViewDialog employerPK={employerPK} file={viewing} onClose={() => setViewing(null)} />}
    </>
  );
}

type CarrierFileResultsProps = {
  page: number;
  actions: Pick<ReturnType<typeof useCarrierFileActions>, 'downloading' | 'download'>;
  onView: (file: CarrierFileItem) => void;
  onPage: (page: number) => void;
};

function CarrierFileResults({ page, actions, onView, onPage }: CarrierFileResultsProps) {
  const employerPK = useEmployerPK();
  const { data } = useSuspenseQuery(carrierFileQueries.list(toCarrierFileListBody({ page }, employerPK)));
  const waiting = data.openBatch === 1 ? '1 processed change waits' : `${data.openBatch} processed changes wait`;
  return (
    <>
      <Typography sx={{ p: 2 }}>{waiting} for the next change file.</Typography>
      <ListResults
        rowCount={data.result.length}
        emptyText="No carrier file has been made for this group yet."
        pager={{ ...CARRIER_FILE_PAGING, page, recordCount: data.totalCount, rowCount: data.result.length, onPage }}
      >
        <CarrierFileTable
          files={data.result}
          downloading={actions.downloading}
          onView={onView}
          onDownload={actions.download}
        />
      </ListResults>
    </>
  );
}
