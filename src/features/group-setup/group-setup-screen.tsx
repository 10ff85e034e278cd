import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '../../components/form/server-field-errors';
import { PageHeading } from '../../components/ui/page-heading';
import { groupSetupBody } from '../../contracts/group-setup';
import { DivisionList } from './division-list';
import { FirstAdminFields } from './first-admin-fields';
import { GroupCreated } from './group-created';
import { GroupFields } from './group-fields';
import {
  blankGroup,
  formFieldOf,
  valuesOfWorkbook,
  type GroupSetupSent,
  type GroupSetupValues,
} from './group-setup-values';
import { PlanList } from './plan-list';
import { TierList } from './tier-list';
import { useCreateGroup, type GroupCreated as Created } from './use-group-setup';
import { WorkbookActions } from './workbook-actions';

type GroupSetupScreenProps = {
  /** Makes a group current (the group chooser's switch, handed down by the route). */
  onSwitchGroup: (employerPK: number) => void | Promise<void>;
};

type Outcome = { created: Created; employerName: string; invitedEmail: string | null };

/**
 * Group Setup (Portal Administrator): a new group with its divisions, plans and tiers, typed or filled
 * from the setup workbook, and its first GroupAdmin. A refused save keeps everything typed, with the
 * server's messages on the fields.
 */
export function GroupSetupScreen({ onSwitchGroup }: GroupSetupScreenProps) {
  const form = useForm<GroupSetupValues, unknown, GroupSetupSent>({
    resolver: zodResolver(groupSetupBody),
    defaultValues: blankGroup(),
  });
  const create = useCreateGroup();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const rootError = form.formState.errors.root?.server?.message;

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: (created) =>
        setOutcome({ created, employerName: values.employerName, invitedEmail: values.firstAdmin?.email ?? null }),
      onError: (error) => {
        applyServerFieldErrors(form, error, { fieldOf: formFieldOf, unplacedOnRoot: true });
      },
    }),
  );

  const startAgain = () => {
    form.reset(blankGroup());
    create.reset();
    setOutcome(null);
  };

  if (outcome) {
    return (
      <>
        <PageHeading title="Group Setup" />
        <GroupCreated {...outcome} onSwitchGroup={onSwitchGroup} onAnother={startAgain} />
      </>
    );
  }

  return (
    <>
      <PageHeading title="Group Setup" subtitle="A new employer group, its plans and its first GroupAdmin" />
      <Stack spacing={3}>
        <WorkbookActions onRead={(answer) => form.reset(valuesOfWorkbook(answer.group))} />
        <form noValidate aria-label="Group setup" onSubmit={(event) => void submit(event)}>
          <Stack spacing={3}>
            {rootError && (
              <Alert severity="error" role="alert">
                {rootError}
              </Alert>
            )}
            <GroupFields control={form.control} />
            <Divider />
            <DivisionList control={form.control} />
            <Divider />
            <PlanList control={form.control} />
            <Divider />
            <TierList control={form.control} getValues={form.getValues} />
            <Divider />
            <FirstAdminFields control={form.control} setValue={form.setValue} />
            {create.isPending && <LinearProgress aria-label="Creating the group" />}
            <div>
              <Button type="submit" variant="contained" disabled={create.isPending}>
                Create group
              </Button>
            </div>
          </Stack>
        </form>
      </Stack>
    </>
  );
}
