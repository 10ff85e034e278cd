import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { LIMITS } from '../../contracts/person-rules';
import { formValuesOf } from '../../lib/list-search';
import { ErrorSummary } from '../form/error-summary';
import { FilterFormButtons } from '../form/filter-form-buttons';
import { SSN_SEARCH_MESSAGE, SSN_SEARCH_PATTERN, type MemberSearch } from './member-search';

type MemberSearchFormProps = {
  search: MemberSearch;
  termedAllowed: boolean;
  onSearch: (patch: Partial<MemberSearch>) => void;
  /** Label of the SSN field (default 'SSN last 4'). */
  ssnLabel?: string;
  /** Called after Search or Clear Search was applied (a modal closes itself then). */
  onDone?: () => void;
  /** Prefix of the fields' DOM ids, for a screen that shows the form next to similar fields. */
  idPrefix?: string;
  /** Field errors of a refused search (a 400), by the list call's field names. */
  serverErrors?: Record<string, string[]>;
};

const NO_NAMES = { firstName: '', lastName: '' };
const NAME_FIELDS = [
  ['firstName', 'Search First Name', 'first-name'],
  ['lastName', 'Search Last Name', 'last-name'],
] as const;

const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, LIMITS.ssnFilter);

/**
 * Search First Name, Search Last Name, SSN last 4 and the termed-member checkbox. Typed values are
 * applied on Search; the parent remounts this form when the URL's filters change (Back, a link).
 */
export function MemberSearchForm({
  search,
  termedAllowed,
  onSearch,
  ssnLabel = 'SSN last 4',
  onDone,
  idPrefix = 'member-search',
  serverErrors,
}: MemberSearchFormProps) {
  const serverError = (name: string) => serverErrors?.[name]?.[0];
  const [names, setNames] = useState(() => formValuesOf(search, NO_NAMES));
  const [ssn, setSsn] = useState(search.ssn ?? '');
  const [ssnError, setSsnError] = useState<string | null>(null);
  /** Failed searches: the error summary takes focus after each. */
  const [attempt, setAttempt] = useState(0);
  const ssnId = `${idPrefix}-ssn`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ssn !== '' && !SSN_SEARCH_PATTERN.test(ssn)) {
      setSsnError(SSN_SEARCH_MESSAGE);
      setAttempt((a) => a + 1);
      return;
    }
    setSsnError(null);
    onSearch({ firstName: names.firstName.trim(), lastName: names.lastName.trim(), ssn, page: 1 });
    onDone?.();
  };

  const clear = () => {
    setNames(NO_NAMES);
    setSsn('');
    setSsnError(null);
    // Every filter, the termed-member box included: Clear Search means the list as it first opened.
    onSearch({ firstName: undefined, lastName: undefined, ssn: undefined, termed: undefined, page: 1 });
    onDone?.();
  };

  return (
    <Stack component="form" role="search" aria-label="Search members" onSubmit={submit} noValidate spacing={2}>
      <ErrorSummary
        items={ssnError ? [{ name: 'ssn', label: ssnLabel, message: ssnError, fieldId: ssnId }] : []}
        focusKey={attempt}
        onSelect={() => document.getElementById(ssnId)?.focus()}
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {NAME_FIELDS.map(([name, label, id]) => (
          <TextField
            key={name}
            id={`${idPrefix}-${id}`}
            label={label}
            size="small"
            error={Boolean(serverError(name))}
            helperText={serverError(name)}
            value={names[name]}
            onChange={(event) => setNames({ ...names, [name]: event.target.value })}
            slotProps={{ htmlInput: { maxLength: LIMITS.name } }}
          />
        ))}
        <TextField
          id={ssnId}
          label={ssnLabel}
          size="small"
          value={ssn}
          error={Boolean(ssnError ?? serverError('ssn'))}
          helperText={ssnError ?? serverError('ssn')}
          onChange={(event) => setSsn(digitsOnly(event.target.value))}
          slotProps={{ htmlInput: { maxLength: LIMITS.ssnFilter, inputMode: 'numeric', pattern: '\\d*' } }}
        />
        <FilterFormButtons clearLabel="Clear Search" onClear={clear} />
      </Stack>
      <FormControlLabel
        label="Display Termed Member"
        control={
          <Checkbox
            checked={termedAllowed && Boolean(search.termed)}
            disabled={!termedAllowed}
            onChange={(event) => onSearch({ termed: event.target.checked, page: 1 })}
          />
        }
      />
    </Stack>
  );
}
