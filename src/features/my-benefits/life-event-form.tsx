import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { addDays, differenceInCalendarDays } from 'date-fns';
import { useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { lifeEventQueries } from '../../api/life-event-queries';
import { myBenefitsQueries } from '../../api/my-benefits-queries';
import { FormDateField } from '../../components/form/form-date-field';
import { FormSelectField } from '../../components/form/form-select-field';
import { applyServerFieldErrors } from '../../components/form/server-field-errors';
import { endpoints } from '../../contracts/endpoints';
import {
  EFFECTIVE_RULE_LABELS,
  LIFE_EVENT_MESSAGES,
  PROOF_DUE_MAX_DAYS,
  PROOF_MAX_BYTES,
  lateMessage,
  lifeEventEffectiveDate,
  type LifeEventOptions,
  type ReportLifeEventAnswer,
} from '../../contracts/life-events';
import { isoToDate, dateToIso, formatIsoDate } from '../../lib/calendar-date';
import { useEndpointMutation } from '../../lib/endpoint-query';
import { NewDependentsCard } from './new-dependents-card';
import { CoverageChangeCard } from './coverage-change-card';
import { lifeEventFormSchema, reportOf, type LifeEventFormValues } from './life-event-form-values';

const daysFrom = (from: string, to: string) => differenceInCalendarDays(isoToDate(to)!, isoToDate(from)!);
const plusDays = (iso: string, days: number) => dateToIso(addDays(isoToDate(iso)!, days));
const SERVER_FIELDS = ['kindCode', 'eventDate', 'proofDueDate', 'removeDependentPKs'];

type LifeEventFormProps = {
  employerPK: number;
  options: LifeEventOptions;
  onReported: (answer: ReportLifeEventAnswer, proofSent: boolean) => void;
};

/** What happened and when, the changes the event allows, and its proof (now, or to follow). */
export function LifeEventForm({ employerPK, options, onReported }: LifeEventFormProps) {
  const report = useEndpointMutation(endpoints.reportLifeEvent, {
    invalidates: [lifeEventQueries.all(), myBenefitsQueries.all()],
  });
  const upload = useEndpointMutation(endpoints.uploadLifeEventProof, { invalidates: [lifeEventQueries.all()] });
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const form = useForm<LifeEventFormValues>({
    resolver: zodResolver(lifeEventFormSchema),
    defaultValues: {
      kindCode: '',
      eventDate: '',
      coverages: options.coverages.map((c) => ({
        planType: c.planType,
        action: 'none',
        planPK: null,
        coverageOptionPK: null,
        waiveReason: null,
      })),
      newDependents: [],
      removeDependentPKs: [],
      proofToFollow: false,
      proofDueDate: plusDays(options.today, 30),
    },
  });
  const [kindCode, eventDate, proofToFollow] = useWatch({
    control: form.control,
    name: ['kindCode', 'eventDate', 'proofToFollow'],
  });
  const kind = options.kinds.find((k) => k.code === kindCode);
  const dated = kind && isoToDate(eventDate) !== null && eventDate <= options.today;
  const daysAgo = dated ? daysFrom(eventDate, options.today) : 0;
  const late = dated && daysAgo > kind.windowDays;
  const removable = options.dependents.filter((d) => kind?.removeRelationshipPKs.includes(d.relationshipPK));
  const removing = useController({ control: form.control, name: 'removeDependentPKs' });
  const toFollow = useController({ control: form.control, name: 'proofToFollow' });

  const onSubmit = form.handleSubmit(async (values) => {
    if (!values.proofToFollow && !file) {
      setFileError('Choose the file, or say the proof will follow.');
      return;
    }
    try {
      const answer = await report.mutateAsync({ body: reportOf(employerPK, values) });
      let sent = false;
      if (!values.proofToFollow && file) {
        // The report stands even if the upload fails: the member can send the proof again from the list.
        sent = await upload
          .mutateAsync({ query: { employerPK, lifeEventPK: answer.lifeEventPK }, body: file })
          .then(() => true)
          .catch(() => false);
      }
      onReported(answer, sent);
    } catch (error) {
      applyServerFieldErrors(form, error, {
        fieldOf: (path) => (SERVER_FIELDS.includes(path) || /^newDependents\.\d+\./.test(path) ? path : undefined),
        unplacedOnRoot: true,
      });
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Report a life event">
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Stack spacing={2}>
            <FormSelectField
              control={form.control}
              name="kindCode"
              label="What happened?"
              required
              valueType="string"
              options={options.kinds.map((k) => ({ value: k.code, label: k.name }))}
              placeholder="Choose"
              idPrefix="life-event"
            />
            <FormDateField
              control={form.control}
              name="eventDate"
              label="Date of the event"
              required
              disableFuture
              idPrefix="life-event"
            />
            {kind && !late && (
              <Typography variant="body2" data-testid="life-event-window">
                Report within {kind.windowDays} days of the event. Changes take effect{' '}
                {EFFECTIVE_RULE_LABELS[kind.effectiveRule]}
                {dated && ` (${formatIsoDate(lifeEventEffectiveDate(kind.effectiveRule, eventDate, options.today))})`}.
              </Typography>
            )}
            {kind && late && (
              <Alert severity="warning" role="alert">
                {lateMessage(kind.name, kind.windowDays, daysAgo, options.employerName)}
              </Alert>
            )}
          </Stack>
        </Paper>
        {kind && !late && (
          <>
            {options.coverages.map((coverage, index) => (
              <CoverageChangeCard
                key={coverage.planType}
                coverage={coverage}
                kind={kind}
                index={index}
                control={form.control}
              />
            ))}
            {removable.length > 0 && (
              <Paper component="section" aria-labelledby="remove-dependents-title" variant="outlined" sx={{ p: 2 }}>
                <FormControl component="fieldset" error={Boolean(removing.fieldState.error)}>
                  <FormLabel id="remove-dependents-title" component="legend">
                    Dependents to remove
                  </FormLabel>
                  <FormGroup>
                    {removable.map((d) => (
                      <FormControlLabel
                        key={d.dependentPK}
                        label={d.name}
                        control={
                          <Checkbox
                            checked={removing.field.value.includes(d.dependentPK)}
                            onChange={(event) =>
                              removing.field.onChange(
                                event.target.checked
                                  ? [...removing.field.value, d.dependentPK]
                                  : removing.field.value.filter((pk) => pk !== d.dependentPK),
                              )
                            }
                          />
                        }
                      />
                    ))}
                  </FormGroup>
                  {removing.fieldState.error && <FormHelperText>{removing.fieldState.error.message}</FormHelperText>}
                </FormControl>
              </Paper>
            )}
            {kind.addRelationshipPKs.length > 0 && (
              <NewDependentsCard
                control={form.control}
                relationshipPKs={kind.addRelationshipPKs}
                intro={
                  kind.requiresNewChild
                    ? 'Add the child, and choose above who is covered so that the tier covers them.'
                    : 'Anyone joining your coverage with this event: choose above a tier that covers them.'
                }
              />
            )}
            <Paper component="section" aria-labelledby="proof-title" variant="outlined" sx={{ p: 2 }}>
              <FormControl>
                <FormLabel id="proof-title">Proof of the event</FormLabel>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  A certificate or letter as a PDF or a photo (JPEG or PNG), 10 MB at most.
                </Typography>
                <RadioGroup
                  aria-labelledby="proof-title"
                  value={toFollow.field.value ? 'later' : 'now'}
                  onChange={(event) => toFollow.field.onChange(event.target.value === 'later')}
                >
                  <FormControlLabel value="now" control={<Radio />} label="I'll upload it now" />
                  <FormControlLabel value="later" control={<Radio />} label="It will follow (records can take weeks)" />
                </RadioGroup>
              </FormControl>
              {proofToFollow ? (
                <FormDateField
                  control={form.control}
                  name="proofDueDate"
                  label="I'll send it by"
                  required
                  minDate={options.today}
                  maxDate={plusDays(options.today, PROOF_DUE_MAX_DAYS)}
                  idPrefix="life-event"
                />
              ) : (
                <Stack spacing={1} sx={{ mt: 1 }}>
                  <Button variant="outlined" component="label" sx={{ alignSelf: 'flex-start' }}>
                    {file ? 'Choose another file' : 'Choose the file'}
                    <input
                      type="file"
                      hidden
                      accept="application/pdf,image/jpeg,image/png"
                      aria-label="Proof file"
                      onChange={(event) => {
                        const chosen = event.target.files?.[0] ?? null;
                        setFileError(chosen && chosen.size > PROOF_MAX_BYTES ? LIFE_EVENT_MESSAGES.proofSize : null);
                        setFile(chosen && chosen.size <= PROOF_MAX_BYTES ? chosen : null);
                      }}
                    />
                  </Button>
                  {file && <Typography variant="body2">{file.name}</Typography>}
                  {fileError && (
                    <FormHelperText error role="alert">
                      {fileError}
                    </FormHelperText>
                  )}
                </Stack>
              )}
            </Paper>
            {form.formState.errors.root?.server && (
              <Alert severity="error" role="alert">
                {form.formState.errors.root.server.message}
              </Alert>
            )}
            <Button type="submit" variant="contained" size="large" loading={report.isPending || upload.isPending}>
              Send to HR
            </Button>
          </>
        )}
      </Stack>
    </form>
  );
}
