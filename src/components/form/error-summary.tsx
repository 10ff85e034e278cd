import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { useEffect, useRef } from 'react';

type ErrorSummaryItem = {
  /** Field path, when the message belongs to a field. */
  name?: string;
  /** Label of that field, shown before the message. */
  label?: string;
  message: string;
  /** DOM id of the field, for the link to it. */
  fieldId?: string;
};

type ErrorSummaryProps = {
  items: readonly ErrorSummaryItem[];
  /** Changes after every failed attempt: the summary then takes focus so it is read out. */
  focusKey: number;
  title?: string;
  /** Moves to a field (e.g. react-hook-form `setFocus`); without it the link jumps to the field id. */
  onSelect?: (item: ErrorSummaryItem) => void;
};

/** Every error of a form in one list at its top, after a failed attempt to continue. */
export function ErrorSummary({
  items,
  focusKey,
  title = 'Please correct the following:',
  onSelect,
}: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const focusedKey = useRef(0);
  const shown = items.length > 0;
  // Only a new failed attempt moves focus (once the messages are there, which may be a render
  // later than the attempt); fixing errors one by one must not.
  useEffect(() => {
    if (!shown || focusKey <= focusedKey.current) return;
    focusedKey.current = focusKey;
    ref.current?.focus();
  }, [focusKey, shown]);
  if (!shown) return null;
  return (
    <Alert
      ref={ref}
      severity="error"
      tabIndex={-1}
      aria-labelledby="error-summary-title"
      data-testid="error-summary"
      sx={{ mb: 3, '&:focus': { outline: '3px solid', outlineColor: 'error.main', outlineOffset: 2 } }}
    >
      <AlertTitle id="error-summary-title">{title}</AlertTitle>
      <ul style={{ margin: 0, paddingLeft: 20 }}>
        {items.map((item, i) => {
          const text = item.label ? `${item.label}: ${item.message}` : item.message;
          return (
            <li key={`${item.name ?? ''}-${item.message}-${i}`}>
              {item.fieldId ? (
                <Link
                  href={`#${item.fieldId}`}
                  color="inherit"
                  onClick={(event) => {
                    if (!onSelect) return;
                    event.preventDefault();
                    onSelect(item);
                  }}
                >
                  {text}
                </Link>
              ) : (
                text
              )}
            </li>
          );
        })}
      </ul>
    </Alert>
  );
}
