import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { accountQueries } from '../../../api/account-queries';
import { removeGroupScopedQueries } from '../../../api/group-scope';
import { setCurrentEmployer } from '../../../stores/current-group-slice';
import { discardEnrollmentDraft } from '../../../stores/enrollment-handoff';
import { closeModal } from '../../../stores/modal-slice';

/** Makes a group current: drops the previous group's data and the wizard draft, then goes home. */
export function useSwitchGroup(): (employerPK: number) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (employerPK: number) => {
      // The guard asks the server again: the roles in the chosen group, or the group it makes current
      // instead when the user no longer holds one there. Marked only: the guard's call fetches it.
      await queryClient.invalidateQueries({ queryKey: accountQueries.accesses(), refetchType: 'none' });
      setCurrentEmployer(employerPK);
      discardEnrollmentDraft();
      closeModal();
      // Navigating (even to the current path) reruns /_authenticated's beforeLoad and the loaders,
      // so the route context carries the new employerPK; every group-scoped key is built from it.
      await navigate({ to: '/' });
      removeGroupScopedQueries(queryClient);
    },
    [navigate, queryClient],
  );
}
