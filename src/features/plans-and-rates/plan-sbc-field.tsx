import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { planYearQueries } from '../../api/plan-year-queries';
import { endpoints } from '../../contracts/endpoints';
import { SBC_MAX_BYTES, SBC_MESSAGES, type PlanSbcAnswer, type PlanYearPlan } from '../../contracts/plan-years';
import { callEndpoint, type ApiError } from '../../lib/api-client';
import { openBlobInNewWindow } from '../../lib/open-document';
import { notify } from '../../stores/notification-store';

const PDF_SIGNATURE = '%PDF-';

/**
 * Why a chosen file is refused before any byte is sent, or null; the server checks the same again.
 * A PDF is known by its first bytes, not its name.
 */
export async function refusalOfSbc(file: Blob): Promise<string | null> {
  if (file.size === 0) return SBC_MESSAGES.empty;
  if (file.size > SBC_MAX_BYTES) return SBC_MESSAGES.tooLarge;
  const head = new Uint8Array(await file.slice(0, PDF_SIGNATURE.length).arrayBuffer());
  return String.fromCharCode(...head) === PDF_SIGNATURE ? null : SBC_MESSAGES.notPdf;
}

const failureOf = (error: ApiError, fallback: string) =>
  error.status === 413 ? SBC_MESSAGES.tooLarge : (error.problem.detail ?? fallback);

type PlanSbcFieldProps = { employerPK: number; plan: PlanYearPlan; readOnly: boolean };

/**
 * The plan's Summary of Benefits and Coverage: open it, upload or replace it (a PDF of at most
 * 10 MB), or remove it. Members comparing plans at open enrollment see it beside the plan.
 */
export function PlanSbcField({ employerPK, plan, readOnly }: PlanSbcFieldProps) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: planYearQueries.all() });

  const upload = useMutation<PlanSbcAnswer, ApiError, File>({
    mutationFn: (file) =>
      callEndpoint(
        endpoints.uploadPlanSbc,
        { query: { employerPK, planPK: plan.planPK, fileName: file.name }, body: file },
        { notify: false },
      ),
    onSuccess: async (answer) => {
      await refresh();
      notify({ severity: 'success', title: `SBC of ${plan.planName} saved`, message: answer.fileName });
    },
  });
  const remove = useMutation<unknown, ApiError>({
    mutationFn: () =>
      callEndpoint(endpoints.removePlanSbc, { body: { employerPK, planPK: plan.planPK } }, { notify: false }),
    onSuccess: async () => {
      setConfirming(false);
      await refresh();
      notify({ severity: 'success', title: `SBC of ${plan.planName} removed` });
    },
  });

  const choose = async (file: File | undefined) => {
    if (!file || upload.isPending) return;
    upload.reset();
    const refused = await refusalOfSbc(file);
    setRefusal(refused);
    if (!refused) upload.mutate(file);
  };
  const failure = refusal ?? (upload.error ? failureOf(upload.error, 'The SBC could not be uploaded.') : null);
  const closeConfirm = () => {
    setConfirming(false);
    remove.reset();
  };
  const busy = upload.isPending || remove.isPending;

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1} sx={{ mb: 2 }}>
      <Typography id={headingId} variant="subtitle2" component="h4">
        Summary of Benefits and Coverage (SBC)
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        {plan.sbcFileName ? (
          <Button
            variant="text"
            sx={{ alignSelf: 'flex-start', textTransform: 'none', overflowWrap: 'anywhere', textAlign: 'left' }}
            aria-label={`Open the SBC of ${plan.planName}: ${plan.sbcFileName}`}
            onClick={() =>
              void openBlobInNewWindow(
                endpoints.planSbcPdf,
                { query: { employerPK, planPK: plan.planPK } },
                plan.sbcFileName ?? 'Summary of Benefits.pdf',
              ).catch(() => undefined)
            }
          >
            {plan.sbcFileName} (PDF)
          </Button>
        ) : (
          <Typography variant="body2">None yet: members comparing plans see no SBC for this plan.</Typography>
        )}
        {!readOnly && (
          <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
            <Button variant="outlined" disabled={busy} onClick={() => input.current?.click()}>
              {plan.hasSbc ? 'Replace SBC' : 'Upload SBC'}
            </Button>
            {plan.hasSbc && (
              <Button color="error" disabled={busy} onClick={() => setConfirming(true)}>
                Remove SBC
              </Button>
            )}
          </Stack>
        )}
        <input
          ref={input}
          type="file"
          accept="application/pdf,.pdf"
          aria-label={`SBC file of ${plan.planName}`}
          hidden
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </Stack>
      {!readOnly && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          A PDF of at most 10 MB. Copying the year forward does not copy it: each new year needs its own SBC.
        </Typography>
      )}
      {upload.isPending && <LinearProgress aria-label={`Uploading ${upload.variables.name}`} />}
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <Dialog open={confirming} onClose={closeConfirm} aria-labelledby={`${headingId}-remove`}>
        <DialogTitle id={`${headingId}-remove`}>Remove the SBC of {plan.planName}?</DialogTitle>
        <DialogContent>
          <DialogContentText>Members comparing plans will no longer see it.</DialogContentText>
          {remove.error && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {failureOf(remove.error, 'The SBC could not be removed.')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={closeConfirm}>Cancel</Button>
          <Button color="error" variant="contained" loading={remove.isPending} onClick={() => remove.mutate()}>
            Remove SBC
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
