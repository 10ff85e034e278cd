import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { accountQueries, groupSearchOf } from '../../../api/account-queries';
import { PickOneDialog } from '../../../components/ui/pick-one-dialog';
import { GROUP_CHOICE_PAGE_SIZE, GROUP_SEARCH_MAX, type GroupChoice } from '../../../contracts/account';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useSession } from '../../../hooks/use-session';
import { closeModal, useIsModalOpen } from '../../../stores/modal-slice';
import { useSwitchGroup } from '../hooks/use-switch-group';

const TITLE_ID = 'broker-modal-title';
const INPUT_ID = 'broker-employer-group';
/** Typing pauses this long before the search goes to the server. */
export const BROKER_SEARCH_DELAY_MS = 250;

/** How a group is offered and shown once chosen: its name and group ID. */
export function groupChoiceLabel(group: GroupChoice): string {
  return `${group.employerName} (${group.employerID})`;
}

const count = new Intl.NumberFormat('en-US');

/** Group chooser (spec 1 §2 Modals: Broker). */
export function BrokerModal() {
  const open = useIsModalOpen('brokerModal');
  return (
    <PickOneDialog open={open} onCancel={closeModal} titleId={TITLE_ID} maxWidth="xs">
      <BrokerForm onCancel={closeModal} />
    </PickOneDialog>
  );
}

/**
 * A chooser for any number of groups: the typed text searches the server (name or group ID), which
 * offers its first matches. Mounted only while the dialog is open, so nothing loads before.
 */
function BrokerForm({ onCancel }: { onCancel: () => void }) {
  const groupCount = useSession()?.groupCount ?? 0;
  const switchGroup = useSwitchGroup();
  const [choice, setChoice] = useState<GroupChoice | null>(null);
  // What the box shows (the chosen group's label once chosen) and what was typed to search.
  const [inputValue, setInputValue] = useState('');
  const [typed, setTyped] = useState('');
  const typedSearch = groupSearchOf(typed);
  const search = useDebouncedValue(typedSearch, BROKER_SEARCH_DELAY_MS);
  const matches = useQuery({
    ...accountQueries.groups({ search, page: 0, recordsPerPage: GROUP_CHOICE_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const loading = matches.isFetching || typedSearch !== search;
  // While a search is on its way the previous matches are not offered: the box says it is searching.
  const found = loading ? [] : (matches.data?.list ?? []);
  // The chosen group stays an option while other searches answer, so the box can keep showing it.
  const keepChoice = choice && found.length > 0 && !found.some((g) => g.employerPK === choice.employerPK);
  const options = keepChoice ? [choice, ...found] : found;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (choice) void switchGroup(choice.employerPK);
  };
  const helperText = matches.error
    ? 'The groups could not be searched. Type again to retry.'
    : `Type to search ${count.format(groupCount)} ${groupCount === 1 ? 'group' : 'groups'}`;

  return (
    <form onSubmit={submit}>
      <DialogTitle id={TITLE_ID}>Choose an Employer Group</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          The group you choose becomes the current one for every screen.
        </DialogContentText>
        <Autocomplete
          id={INPUT_ID}
          options={options}
          value={choice}
          onChange={(_event, value) => setChoice(value)}
          inputValue={inputValue}
          onInputChange={(_event, value, reason) => {
            setInputValue(value);
            // Choosing a group fills the box with its label: that is not a new search.
            if (reason === 'input' || reason === 'clear') setTyped(value);
          }}
          // The server has matched already.
          filterOptions={(offered) => offered}
          getOptionLabel={groupChoiceLabel}
          getOptionKey={(group) => group.employerPK}
          isOptionEqualToValue={(option, value) => option.employerPK === value.employerPK}
          loading={loading}
          loadingText="Searching groups…"
          noOptionsText="No group matches"
          renderInput={(params) => (
            <TextField
              {...params}
              label="Employer Group"
              placeholder="Group name or group ID"
              helperText={helperText}
              error={!!matches.error}
              slotProps={{
                ...params.slotProps,
                inputLabel: { ...params.slotProps.inputLabel, shrink: true },
                htmlInput: { ...params.slotProps.htmlInput, maxLength: GROUP_SEARCH_MAX },
                input: {
                  ...params.slotProps.input,
                  endAdornment: (
                    <>
                      {loading && <CircularProgress color="inherit" size={20} aria-hidden />}
                      {params.slotProps.input.endAdornment}
                    </>
                  ),
                },
              }}
            />
          )}
        />
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
