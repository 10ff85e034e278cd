import Box from '@mui/material/Box';
import type { ElementType, ReactNode } from 'react';

// @mui/utils has the same style but is not one of our dependencies, and @mui/material does not re-export it.
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
  p: 0,
  m: '-1px',
} as const;

type VisuallyHiddenProps = {
  children: ReactNode;
  /** The element to render: a table's caption, say (default: a span). */
  component?: ElementType;
};

/** Read by screen readers, not shown. */
export function VisuallyHidden({ children, component = 'span' }: VisuallyHiddenProps) {
  return (
    <Box component={component} sx={visuallyHidden}>
      {children}
    </Box>
  );
}
