import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect } from 'react';
import { FormErrorSummary } from '../../components/form/form-error-summary';
import { CENSUS_FILE_NAME } from '../../contracts/census';
import { endpoints } from '../../contracts/endpoints';
import { FormDateField } from '../../components/form/form-date-field';
import { applyServerFieldErrors, fieldsNamed } from '../../components/form/server-field-errors';
import { PageHeading } from '../../components/ui/page-heading';
import { useEmployerPK } from '../../hooks/use-session';
import { isApiError } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import { formValuesOf } from '../../lib/list-search';
import { DownloadStatus } from '../../components/ui/download-status';
import { RetryAlert } from '../../components/ui/retry-alert';
import { useFileDownload } from '../../hooks/use-file-download';
import { DATE_RANGE_LABELS, dateRangeForm } from '../../components/form/date-range';
import { useFilterForm } from '../../components/list-page/list-search-form';
import { censusQueries } from './api/census-queries';
import { censusBody, censusSearchOf, censusSearchSchema, type CensusSearch } from './census-search';
import { CensusSummary } from './census-summary';

type CensusRequest = CensusSearch & { employerPK: number };

const rangeFieldOf = fieldsNamed(['startDate', 'endDate']);
const DATE_RANGE_FIELDS = [
  { name: 'startDate', label: DATE_RANGE_LABELS.startDate },
  { name: 'endDate', label: DATE_RANGE_LABELS.endDate },
] as const;

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
  const census = useFileDownload<CensusRequest>(({ employerPK: group, ...range }, options) =>
    downloadFile(
      endpoints.censusReport,
      { body: censusBody(range, group) },
      { fileName: CENSUS_FILE_NAME, ...options },
    ),
  );
  const filter = useFilterForm(dateRangeForm, formValuesOf(search, { startDate: '', endDate: '' }), (range) => {
    const next = censusSearchOf(range);
    void navigate({ to: '.', search: next, replace: true });
    void queryClient.invalidateQueries({ queryKey: censusQueries.summary(next, employerPK).queryKey });
    census.start({ ...next, employerPK }, { onError: showFieldErrors });
  });
  const { form } = filter;
  const hasFieldErrors = isApiError(census.error) && census.error.problem.errors !== undefined;
  const summary = useQuery(censusQueries.summary(search, employerPK));

  // A range the server refuses (End Date before Start Date) is shown on the field it names, whether
  // the summary or the download found it.
  const showFieldErrors = useCallback(
    (error: unknown) => void applyServerFieldErrors(form, error, { fieldOf: rangeFieldOf }),
    [form],
  );
  useEffect(() => showFieldErrors(summary.error), [summary.error, showFieldErrors]);

  return (
    <>
      <PageHeading title="Census Report" />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack
          component="form"
          spacing={2}
          noValidate
          aria-label="Census report"
          onSubmit={(event) => void filter.submit(event)}
        >
          <FormErrorSummary form={form} fields={DATE_RANGE_FIELDS} idPrefix="census" attempt={filter.attempt} />
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ maxWidth: 720 }}>
            {DATE_RANGE_FIELDS.map(({ name, label }) => (
              <FormDateField key={name} control={form.control} name={name} label={label} idPrefix="census" />
            ))}
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
