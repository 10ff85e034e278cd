import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent, type ReactNode } from 'react';

type PickOneOption = { value: number; label: string };

type PickOneDialogProps = {
  open: boolean;
  onCancel: () => void;
  /** Id of the title inside `children`, which names the dialog. */
  titleId: string;
  maxWidth: 'xs' | 'sm';
  /** A `PickOneForm`, or a component that loads its options and renders one. */
  children: ReactNode;
};

/** A dialog asking for one choice from a list; Submit stays disabled until something is chosen. */
export function PickOneDialog({ open, onCancel, titleId, maxWidth, children }: PickOneDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby={titleId} fullWidth maxWidth={maxWidth}>
      {/* Mounted only while open, so every opening starts with nothing chosen (and loads nothing before). */}
      {open && children}
    </Dialog>
  );
}

type PickOneFormProps = {
  titleId: string;
  title: string;
  text: ReactNode;
  selectId: string;
  label: string;
  placeholder: string;
  options: readonly PickOneOption[];
  onPick: (value: number) => void;
  onCancel: () => void;
};

/** The content of a `PickOneDialog`: a native select and Cancel / Submit. */
export function PickOneForm(props: PickOneFormProps) {
  const { titleId, title, text, selectId, label, placeholder, options, onPick, onCancel } = props;
  const [choice, setChoice] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice) onPick(Number(choice));
  };
  return (
    <form onSubmit={submit}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{text}</DialogContentText>
        <TextField
          select
          fullWidth
          id={selectId}
          label={label}
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </TextField>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="contained" disabled={!choice}>
          Submit
        </Button>
      </DialogActions>
    </form>
  );
}
