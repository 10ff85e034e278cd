import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { PageHeading } from '../ui/page-heading';

type ListPageProps = { title: string; subtitle?: string; children: ReactNode };

/** A list screen: its heading, then filters, buttons and the list, one under the other. */
export function ListPage({ title, subtitle, children }: ListPageProps) {
  return (
    <>
      <PageHeading title={title} subtitle={subtitle} />
      <Stack spacing={2}>{children}</Stack>
    </>
  );
}
