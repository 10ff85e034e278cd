import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useIsFetching, type QueryKey } from '@tanstack/react-query';

type ListFetchingBarProps = {
  /** The list's queries: a fetch of any of them shows the bar. */
  queryKey: QueryKey;
  /** Names the bar, e.g. 'Loading claims'. */
  label: string;
};

/** Progress above a list while any of its pages is fetched; a component of its own, so only it re-renders. */
export function ListFetchingBar({ queryKey, label }: ListFetchingBarProps) {
  const fetching = useIsFetching({ queryKey }) > 0;
  // Keeps its height when idle so the table does not jump.
  return fetching ? <LinearProgress aria-label={label} /> : <Box sx={{ height: 4 }} />;
}
