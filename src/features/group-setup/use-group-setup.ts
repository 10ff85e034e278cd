import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountQueries } from '../../api/account-queries';
import type { AccountGroups } from '../../contracts/account';
import { endpoints } from '../../contracts/endpoints';
import type { groupSetupAnswer, groupWorkbookAnswer } from '../../contracts/group-setup';
import type { z } from 'zod';
import { callEndpoint, isApiError, type ApiError } from '../../lib/api-client';
import { downloadFile } from '../../lib/download-file';
import type { GroupSetupSent } from './group-setup-values';

export type GroupCreated = z.output<typeof groupSetupAnswer>;
export type WorkbookRead = z.output<typeof groupWorkbookAnswer>;

export const TEMPLATE_FILE_NAME = 'Group setup workbook.xlsx';

/** Sends the new group. Field errors (400) are the form's to show; other failures are notified. */
export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation<GroupCreated, ApiError, GroupSetupSent>({
    mutationFn: (body) =>
      callEndpoint(
        endpoints.createGroup,
        { body },
        { notify: (problem) => problem.status !== 400 },
      ) as Promise<GroupCreated>,
    // The chooser and the home cards list the operator's groups: the new one is among them.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.all() }),
  });
}

/** Reads a filled workbook into the form's shape; nothing is created. Failures are told in place. */
export function useReadWorkbook() {
  return useMutation<WorkbookRead, ApiError, File>({
    mutationFn: (file) =>
      callEndpoint(
        endpoints.readGroupWorkbook,
        { query: { fileName: file.name }, body: file },
        { notify: false },
      ) as Promise<WorkbookRead>,
  });
}

export function downloadTemplate(): Promise<void> {
  return downloadFile(endpoints.groupSetupTemplate, {}, { fileName: TEMPLATE_FILE_NAME });
}

/** Why a call failed, in the user's words: the file's or a field's message, else the problem's detail. */
export function failureText(error: unknown): string {
  if (!isApiError(error)) return 'Something went wrong. Please try again.';
  const fields = Object.values(error.problem.errors ?? {}).flat();
  return fields[0] ?? error.problem.detail ?? error.problem.title;
}

const WAIT_STEP_MS = 500;
const WAIT_STEPS = 12;

/**
 * Waits until the server lists the new group among the operator's: each server process refreshes its
 * cached access a moment (ACCESS_VERSION_CHECK_MS, 2 s) after a change, and switching earlier would
 * land in another group.
 */
export async function waitForGroup(employerPK: number, employerID: string): Promise<boolean> {
  for (let step = 0; step < WAIT_STEPS; step += 1) {
    const answer = (await callEndpoint(
      endpoints.accountGroups,
      { query: { search: employerID, page: 0, recordsPerPage: 10 } },
      { notify: false },
    )) as AccountGroups;
    if (answer.list.some((g) => g.employerPK === employerPK)) return true;
    await new Promise((resolve) => setTimeout(resolve, WAIT_STEP_MS));
  }
  return false;
}
