import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { importQueries } from '../../api/import-queries';
import { requestQueries } from '../../api/request-queries';
import { endpoints } from '../../contracts/endpoints';
import type { ImportView } from '../../contracts/imports';
import type { TerminationChoice } from '../../contracts/terminations';
import { callEndpoint } from '../../lib/api-client';

export type CommitMode = 'valid' | 'all';

export type CommitProgress = {
  /** Families committed by this run. */
  done: number;
  /** Families this run commits in all (known after the first batch). */
  total: number | null;
};

type CommitLoopState = {
  running: boolean;
  /** Cancel was asked: the loop stops after the batch in flight. */
  stopping: boolean;
  progress: CommitProgress | null;
  /** Why the last run stopped early, if it failed. */
  error: unknown;
  /** The last run ended (completed, cancelled or failed): the panel shows its report. */
  finished: boolean;
};

const IDLE: CommitLoopState = { running: false, stopping: false, progress: null, error: null, finished: false };

/** The view without the batch's request keys, as the view query holds it. */
function viewOf(answer: ImportView & { requestPKs?: number[] }): ImportView {
  const { requestPKs: _requestPKs, ...view } = answer;
  return view;
}

/**
 * The commit of an upload: one importCommit call per batch until nothing remains. Cancel stops the
 * loop between batches (the batch in flight is one transaction on the server) and then tells the
 * server (importCancel), which keeps what was committed. Leaving the screen stops the loop the same
 * way, without cancelling: the upload stays 'committing' and can be resumed.
 */
export function useCommitLoop(employerPK: number, importPK: number) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<CommitLoopState>(IDLE);
  const stopAsked = useRef(false);
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      stopAsked.current = true;
    };
  }, []);

  const keep = useCallback(
    (view: ImportView) => queryClient.setQueryData(importQueries.view(employerPK, importPK).queryKey, view),
    [queryClient, employerPK, importPK],
  );
  const update = (patch: Partial<CommitLoopState>) => {
    if (mounted.current) setState((current) => ({ ...current, ...patch }));
  };

  const run = async (mode: CommitMode, confirmIdentity: boolean, termination?: TerminationChoice) => {
    stopAsked.current = false;
    setState({ ...IDLE, running: true, progress: { done: 0, total: null } });
    let done = 0;
    let remaining = 1;
    try {
      while (remaining > 0 && !stopAsked.current) {
        const answer = await callEndpoint(
          endpoints.importCommit,
          { body: { employerPK, importPK, mode, confirmIdentity, ...(termination ? { termination } : {}) } },
          { notify: false },
        );
        done += answer.requestPKs.length;
        remaining = answer.remaining;
        keep(viewOf(answer));
        update({ progress: { done, total: done + remaining } });
      }
      if (remaining > 0 && mounted.current)
        keep(await callEndpoint(endpoints.importCancel, { body: { employerPK, importPK } }, { notify: false }));
      update({ running: false, stopping: false, finished: true });
    } catch (error) {
      update({ running: false, stopping: false, finished: true, error });
    } finally {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: importQueries.all() }),
        queryClient.invalidateQueries({ queryKey: requestQueries.all() }),
      ]);
    }
  };

  return {
    ...state,
    /** `termination`: end the coverage of a roster's members the file no longer holds, with these. */
    start: (mode: CommitMode, confirmIdentity: boolean, termination?: TerminationChoice) =>
      void run(mode, confirmIdentity, termination),
    cancel: () => {
      stopAsked.current = true;
      update({ stopping: true });
    },
  };
}
