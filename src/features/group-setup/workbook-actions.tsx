import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useRef, useState } from 'react';
import { downloadTemplate, failureText, useReadWorkbook, type WorkbookRead } from './use-group-setup';

type WorkbookActionsProps = { onRead: (answer: WorkbookRead) => void };

/** The setup workbook: its template to download, and a filled one read into the form. */
export function WorkbookActions({ onRead }: WorkbookActionsProps) {
  const input = useRef<HTMLInputElement>(null);
  const read = useReadWorkbook();
  const [downloadFailure, setDownloadFailure] = useState<string | null>(null);
  const [problems, setProblems] = useState<string[]>([]);

  const choose = (file: File | undefined) => {
    if (!file) return;
    setProblems([]);
    read.mutate(file, {
      onSuccess: (answer) => {
        setProblems(answer.problems);
        onRead(answer);
      },
    });
  };

  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button
          variant="outlined"
          onClick={() => {
            setDownloadFailure(null);
            downloadTemplate().catch((error: unknown) => setDownloadFailure(failureText(error)));
          }}
        >
          Download setup workbook
        </Button>
        <Button variant="outlined" disabled={read.isPending} onClick={() => input.current?.click()}>
          Fill from workbook
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          data-testid="group-workbook-input"
          aria-label="Setup workbook"
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => {
            choose(event.target.files?.[0]);
            // The same file chosen again is read again.
            event.target.value = '';
          }}
        />
      </Stack>
      {downloadFailure && <Alert severity="error">{downloadFailure}</Alert>}
      {read.error && (
        <Alert severity="error" role="alert">
          The workbook was not read: {failureText(read.error)}
        </Alert>
      )}
      {read.isSuccess && (
        <Alert severity={problems.length > 0 ? 'warning' : 'success'} data-testid="workbook-problems">
          {problems.length > 0 ? (
            <>
              The form is filled from the workbook; check these rows:
              <ul>
                {problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </>
          ) : (
            'The form is filled from the workbook. Check it and create the group.'
          )}
        </Alert>
      )}
    </Stack>
  );
}
