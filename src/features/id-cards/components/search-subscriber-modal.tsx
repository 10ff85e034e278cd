import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { MemberSearchForm } from '../../../components/member-chooser/member-search-form';
import type { MemberSearch } from '../../../components/member-chooser/member-search';
import { closeModal, useIsModalOpen } from '../../../stores/modal-slice';

const TITLE_ID = 'search-subscriber-title';

type SearchSubscriberModalProps = {
  search: MemberSearch;
  onSearch: (patch: Partial<MemberSearch>) => void;
};

/** 'Search' of the ID card screen: the server-side member search, in the searchSubscriberModal. */
export function SearchSubscriberModal({ search, onSearch }: SearchSubscriberModalProps) {
  const open = useIsModalOpen('searchSubscriberModal');
  return (
    <Dialog open={open} onClose={closeModal} aria-labelledby={TITLE_ID} maxWidth="md" fullWidth>
      <DialogTitle id={TITLE_ID}>Search Subscriber</DialogTitle>
      <DialogContent>
        {/* Mounted with the dialog, so it always starts from the URL's filters. */}
        {open && (
          <MemberSearchForm
            search={search}
            termedAllowed
            onSearch={onSearch}
            onDone={closeModal}
            idPrefix="search-subscriber"
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={closeModal}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
