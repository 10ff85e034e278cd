import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';

/** Grey rows in the list's place until its first page comes, announced as loading. */
export function ListSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <Stack spacing={1} sx={{ p: 2 }} role="status" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rectangular" height={28} />
      ))}
    </Stack>
  );
}
