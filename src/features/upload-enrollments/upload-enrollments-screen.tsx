import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { importQueries } from '../../api/import-queries';
import { ListPage } from '../../components/list-page/list-page';
import { RetryAlert } from '../../components/ui/retry-alert';
import { SuspenseBoundary } from '../../components/ui/suspense-boundary';
import type { ImportRow } from '../../contracts/imports';
import { useEmployerPK } from '../../hooks/use-session';
import { useListSearch } from '../../lib/list-search';
import { CommitPanel } from './commit-panel';
import { FileDrop } from './file-drop';
import { RosterUpload } from './roster-upload';
import { canAccess } from '../../contracts/permissions';
import { useCurrentRoles } from '../../hooks/use-session';
import { FixRowDialog } from './fix-row-dialog';
import { MappingPanel } from './mapping-panel';
import { fixButtonId, PreviewTable } from './preview-table';
import { RecentUploads } from './recent-uploads';
import { TemplateDownloads } from './template-downloads';
import { UploadActions } from './upload-actions';
import { uploadSearch, withUpload, type UploadSearch } from './upload-search';
import { UploadSummary } from './upload-summary';

/**
 * Upload Enrollments: a census file of employees and dependents becomes enrollment requests. Without
 * an upload in the URL: the template, the file chooser and the recent uploads. With one (`importPK`,
 * so a reload resumes it): its summary, mapping, preview, fixes and commit.
 */
export function UploadEnrollmentsScreen() {
  const employerPK = useEmployerPK();
  const [search, setSearch] = useListSearch(uploadSearch);
  const { importPK } = search;
  const operator = canAccess(useCurrentRoles(), 'operator');

  return (
    <ListPage title="Upload Enrollments">
      {importPK === undefined ? (
        <>
          <TemplateDownloads employerPK={employerPK} />
          <FileDrop employerPK={employerPK} onUploaded={(view) => void setSearch(withUpload(view.importPK))} />
          {operator && (
            <RosterUpload employerPK={employerPK} onUploaded={(view) => void setSearch(withUpload(view.importPK))} />
          )}
          <RecentUploads employerPK={employerPK} />
        </>
      ) : (
        <>
          <Box>
            <Button onClick={() => void setSearch(withUpload(undefined))}>Upload another file</Button>
          </Box>
          <SuspenseBoundary
            resetKey={`${employerPK}|${importPK}`}
            what="Upload"
            fallback={<UploadSkeleton />}
            failure={(error, retry) => (
              <RetryAlert title="The upload could not be loaded" error={error} onRetry={retry} />
            )}
          >
            <UploadDetail
              employerPK={employerPK}
              importPK={importPK}
              search={search}
              onSearch={(next) => void setSearch(next)}
            />
          </SuspenseBoundary>
        </>
      )}
    </ListPage>
  );
}

function UploadSkeleton() {
  return (
    <Stack spacing={2} role="status" aria-label="Loading the upload">
      <Skeleton variant="rectangular" height={120} />
      <Skeleton variant="rectangular" height={56} />
      <Skeleton variant="rectangular" height={240} />
    </Stack>
  );
}

type UploadDetailProps = {
  employerPK: number;
  importPK: number;
  search: UploadSearch;
  onSearch: (next: UploadSearch) => void;
};

/** The fix dialog's row; `open` turns false while it closes, so it keeps showing the row. */
type Fixing = { row: ImportRow; open: boolean };

function UploadDetail({ employerPK, importPK, search, onSearch }: UploadDetailProps) {
  const { data: view } = useSuspenseQuery(importQueries.view(employerPK, importPK));
  const [fixing, setFixing] = useState<Fixing | null>(null);
  const editable = view.status === 'preview';

  // Focus goes back to the row's Fix button; to the preview's heading when the row left the page.
  const exited = () => {
    const button = fixing && document.getElementById(fixButtonId(fixing.row.rowNumber));
    setFixing(null);
    (button ?? document.getElementById('preview-heading'))?.focus();
  };

  return (
    <Stack spacing={2}>
      <UploadSummary view={view} />
      <UploadActions view={view} employerPK={employerPK} onDiscarded={() => onSearch(withUpload(undefined))} />
      {editable && <MappingPanel view={view} employerPK={employerPK} />}
      <CommitPanel view={view} employerPK={employerPK} />
      <PreviewTable
        view={view}
        employerPK={employerPK}
        search={search}
        onSearch={onSearch}
        onFix={editable ? (row) => setFixing({ row, open: true }) : undefined}
      />
      <FixRowDialog
        row={fixing?.row ?? null}
        open={fixing?.open ?? false}
        view={view}
        employerPK={employerPK}
        onClose={() => setFixing((shown) => shown && { ...shown, open: false })}
        onExited={exited}
      />
    </Stack>
  );
}
