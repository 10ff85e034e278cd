import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { removeGroupScopedQueries } from '../../../lib/query-client';
import { useAppStore } from '../../../stores/app-store';

/** Makes a group current: drops the previous group's data and the wizard draft, then goes home. */
export function useSwitchGroup(): (employerPK: number) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (employerPK: number) => {
      const { setCurrentEmployer, clearSubscriber, closeModal } = useAppStore.getState();
      setCurrentEmployer(employerPK);
      clearSubscriber();
      closeModal();
      await navigate({ to: '/' });
      removeGroupScopedQueries(queryClient);
    },
    [navigate, queryClient],
  );
}
