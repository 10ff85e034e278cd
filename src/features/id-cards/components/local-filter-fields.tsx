import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { LIMITS } from '../../../contracts/person-rules';
import { LOCAL_SSN_FILTER_LENGTH, localSsnInput, type LocalMemberFilter } from '../local-member-filter';

type LocalFilterFieldsProps = {
  filter: LocalMemberFilter;
  onChange: (filter: LocalMemberFilter) => void;
  onDiscard: () => void;
};

/** The optional filter of the rows on screen: applied while typing, nothing is sent. */
export function LocalFilterFields({ filter, onChange, onDiscard }: LocalFilterFieldsProps) {
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      role="group"
      aria-label="Filter the members shown"
      sx={{ alignItems: { md: 'center' } }}
    >
      <TextField
        id="id-card-filter-last-name"
        label="Search Last Name"
        size="small"
        value={filter.lastName}
        onChange={(event) => onChange({ ...filter, lastName: event.target.value })}
        slotProps={{ htmlInput: { maxLength: LIMITS.name } }}
      />
      <TextField
        id="id-card-filter-first-name"
        label="Search First Name"
        size="small"
        value={filter.firstName}
        onChange={(event) => onChange({ ...filter, firstName: event.target.value })}
        slotProps={{ htmlInput: { maxLength: LIMITS.name } }}
      />
      <TextField
        id="id-card-filter-ssn"
        label="SSN"
        size="small"
        value={filter.ssn}
        onChange={(event) => onChange({ ...filter, ssn: localSsnInput(event.target.value) })}
        slotProps={{ htmlInput: { maxLength: LOCAL_SSN_FILTER_LENGTH, inputMode: 'numeric', pattern: '\\d*' } }}
      />
      <Button variant="outlined" onClick={onDiscard}>
        Discard Filter
      </Button>
    </Stack>
  );
}
