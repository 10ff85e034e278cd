import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { FormErrorSummary } from '../../../components/form/form-error-summary';
import { CENSUS_FILE_NAME } from '../../../contracts/census';
import { endpoints } from '../../../contracts/endpoints';
import { FormDateField } from '../../../components/form/form-date-field';
import { applyServerFieldErrors, fieldsNamed } from '../../../components/form/server-field-errors';
import { PageHeading } from '../../../components/ui/page-heading';
import { useEmployerPK } from '../../../hooks/use-session';
import { isApiError } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download-file';
import { DownloadStatus } from '../components/download-status';
import { RetryAlert } from '../components/retry-alert';
import { useFileDownload } from '../hooks/use-file-download';
import { dateRangeForm, type DateRange } from '../lib/date-range';
import { censusQueries } from './api/census-queries';
import { censusBody, censusSearchOf, censusSearchSchema, type CensusSearch } from './census-search';
import { CensusSummary } from './census-summary';

type CensusRequest = CensusSearch & { employerPK: number };

const rangeFieldOf = fieldsNamed(['startDate', 'endDate']);

/**
 * Census report (spec 2 §2). Opening the screen loads what the census holds (counts, no member
 * data); the button refreshes that and downloads the file. The server streams the CSV, which goes
 * straight from the response to the browser's download, so a group of any size never passes
 * through the page's own code.
 */
export function CensusReportScreen() {
  const employerPK = useEmployerPK();
  const search = censusSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<DateRange>({
    resolver: zodResolver(dateRangeForm),
    defaultValues: { startDate: search.startDate ?? '', endDate: search.endDate ?? '' },
    shouldFocusError: false,
  });
  const [attempt, setAttempt] = useState(0);
  const census = useFileDownload<CensusRequest>(({ employerPK: group, ...range }, options) =>
    downloadFile(
      endpoints.censusReport,
      { body: censusBody(range, group) },
      { fileName: CENSUS_FILE_NAME, ...options },
    ),
  );
  const hasFieldErrors = isApiError(census.error) && census.error.problem.errors !== undefined;
  const summary = useQuery(censusQueries.summary(search, employerPK));

  // A range the server refuses (End Date before Start Date) is shown on the field it names, whether
  // the summary or the download found it.
  const showFieldErrors = useCallback(
    (error: unknown) => void applyServerFieldErrors(form, error, { fieldOf: rangeFieldOf }),
    [form],
  );
  useEffect(() => showFieldErrors(summary.error), [summary.error, showFieldErrors]);

  const submit = form.handleSubmit(
    (range) => {
      const next = censusSearchOf(range);
      void navigate({ to: '.', search: next, replace: true });
      void queryClient.invalidateQueries({ queryKey: censusQueries.summary(next, employerPK).queryKey });
      census.start({ ...next, employerPK }, { onError: showFieldErrors });
    },
    () => setAttempt((a) => a + 1),
  );

  return (
    <>
      <PageHeading title="Census Report" />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" spacing={2} noValidate aria-label="Census report" onSubmit={submit}>
          <FormErrorSummary
            form={form}
            fields={[
              { name: 'startDate', label: 'Start Date' },
              { name: 'endDate', label: 'End Date' },
            ]}
            idPrefix="census"
            attempt={attempt}
          />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ maxWidth: 720 }}>
            <FormDateField control={form.control} name="startDate" label="Start Date" idPrefix="census" />
            <FormDateField control={form.control} name="endDate" label="End Date" idPrefix="census" />
          </Stack>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            Without dates the census lists the coverage in force today; with one date the other side stays open.
          </Typography>
          <CensusSummary summary={summary} />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Button type="submit" variant="contained" disabled={census.isDownloading}>
              Census Report
            </Button>
            <DownloadStatus label={CENSUS_FILE_NAME} progress={census.isDownloading ? census.progress : null} />
          </Stack>
          {census.error && !hasFieldErrors && (
            <RetryAlert title="The census could not be downloaded" error={census.error} onRetry={census.retry} />
          )}
        </Stack>
      </Paper>
    </>
  );
}
