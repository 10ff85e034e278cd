import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiError } from '../lib/api-client';
import type { DownloadFileOptions, DownloadProgress } from '../lib/download-file';

type Run<V> = (variables: V, options: Pick<DownloadFileOptions, 'onProgress' | 'signal'>) => Promise<void>;

// Progress arrives per network chunk (hundreds for a large census); the bar needs a few per second.
const PROGRESS_INTERVAL_MS = 150;

/**
 * One file download at a time with its progress. Leaving the screen cancels a download still
 * running, so the server stops producing a file nobody will save.
 */
export function useFileDownload<V>(run: Run<V>) {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const lastVariables = useRef<V | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const mutation = useMutation<void, ApiError, V>({
    mutationFn: (variables) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      lastVariables.current = variables;
      setProgress({ receivedBytes: 0, totalBytes: 0 });
      let shownAt = 0;
      return run(variables, {
        signal: current.signal,
        onProgress: (next) => {
          const now = Date.now();
          const done = next.totalBytes > 0 && next.receivedBytes >= next.totalBytes;
          if (!done && now - shownAt < PROGRESS_INTERVAL_MS) return;
          shownAt = now;
          setProgress(next);
        },
      });
    },
    // The spec writes report and download failures to the console; the screen shows them as well.
    onError: (error) => {
      if (!controller.current?.signal.aborted) console.error('Download failed', error);
    },
    onSettled: () => setProgress(null),
  });

  const { mutate } = mutation;
  const retry = useCallback(() => {
    if (lastVariables.current !== null) mutate(lastVariables.current);
  }, [mutate]);

  return {
    start: mutate,
    retry,
    dismissError: mutation.reset,
    isDownloading: mutation.isPending,
    error: mutation.error,
    progress,
  };
}
