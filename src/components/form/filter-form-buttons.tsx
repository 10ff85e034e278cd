import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';

type FilterFormButtonsProps = {
  /** Each screen names its reset in its own words ('Clear Search', 'Clear Filters'). */
  clearLabel: string;
  onClear: () => void;
};

/** Submit and reset for the filter form above a list; goes inside the form. */
export function FilterFormButtons({ clearLabel, onClear }: FilterFormButtonsProps) {
  return (
    // Centred so the buttons keep their height when they share a row with taller fields.
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Button type="submit" variant="contained">
        Search
      </Button>
      <Button type="button" variant="outlined" onClick={onClear}>
        {clearLabel}
      </Button>
    </Stack>
  );
}
