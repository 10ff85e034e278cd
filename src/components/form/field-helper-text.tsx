import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

type FieldHelperTextProps = { messages: readonly string[]; helperText?: ReactNode };

/** Under a field: each error message on its own line, else the optional hint. */
function FieldHelperText({ messages, helperText }: FieldHelperTextProps) {
  if (messages.length === 0) return helperText ?? null;
  return (
    <>
      {messages.map((message) => (
        <Box component="span" key={message} sx={{ display: 'block' }}>
          {message}
        </Box>
      ))}
    </>
  );
}

/** MUI renders helper text only when it is truthy; this keeps layout stable when there is none. */
export function helperNode(messages: readonly string[], helperText?: ReactNode): ReactNode {
  return messages.length > 0 || helperText ? (
    <FieldHelperText messages={messages} helperText={helperText} />
  ) : undefined;
}
