import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useRef, useState } from 'react';
import { endpoints } from '../../contracts/endpoints';
import type { ImportView } from '../../contracts/imports';
import { notify } from '../../stores/notification-store';
import { ConfirmDialog } from './confirm-dialog';
import { failureMessage, plural } from './upload-labels';
import { useImportChange } from './use-import-change';

type UploadActionsProps = {
  view: ImportView;
  employerPK: number;
  /** The upload was discarded: the screen goes back to choosing a file. */
  onDiscarded: () => void;
};

type Asked = 'withdraw' | 'discard';

/** Withdraw a committed upload (its requests not yet approved), or discard a preview never committed. */
export function UploadActions({ view, employerPK, onDiscarded }: UploadActionsProps) {
  // `open` turns false while the dialog closes, so it keeps its text.
  const [dialog, setDialog] = useState<{ asked: Asked; open: boolean } | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const ask = (asked: Asked, button: HTMLElement) => {
    opener.current = button;
    setDialog({ asked, open: true });
  };
  const withdraw = useImportChange(endpoints.importWithdraw, employerPK, view.importPK);
  const discard = useImportChange(endpoints.importCancel, employerPK, view.importPK);
  // An upload stopped while its rows were stored (a restart) stays 'reading': it can be discarded too.
  const canDiscard = (view.status === 'preview' || view.status === 'reading') && view.counts.committed === 0;
  const asked = dialog?.asked ?? 'withdraw';
  const running = asked === 'withdraw' ? withdraw : discard;

  const body = { body: { employerPK, importPK: view.importPK } };
  const close = () => setDialog((shown) => shown && { ...shown, open: false });
  const exited = () => {
    setDialog(null);
    withdraw.reset();
    discard.reset();
    // A withdrawn upload may lose its button: focus goes to the page's heading then.
    (opener.current?.isConnected ? opener.current : document.querySelector<HTMLElement>('h1'))?.focus();
  };
  const confirm = () => {
    if (asked === 'withdraw') {
      withdraw.mutate(body, {
        onSuccess: () => {
          notify({ severity: 'success', title: `${view.fileName} withdrawn` });
          close();
        },
      });
    } else {
      discard.mutate(body, {
        onSuccess: () => {
          notify({ severity: 'success', title: `${view.fileName} discarded` });
          onDiscarded();
          // The upload's panels go away with the dialog: focus goes to the page's heading.
          document.querySelector<HTMLElement>('h1')?.focus();
        },
      });
    }
  };

  return (
    <Stack direction="row" spacing={2}>
      {view.canWithdraw && (
        <Button color="error" variant="outlined" onClick={(event) => ask('withdraw', event.currentTarget)}>
          Withdraw this upload
        </Button>
      )}
      {canDiscard && (
        <Button color="error" onClick={(event) => ask('discard', event.currentTarget)}>
          Discard
        </Button>
      )}
      <ConfirmDialog
        id="confirm-upload-action"
        open={dialog?.open ?? false}
        destructive
        title={asked === 'withdraw' ? 'Withdraw this upload?' : 'Discard this upload?'}
        text={
          asked === 'withdraw'
            ? `Its ${plural(view.counts.requestsCreated, 'request', 'requests')} not yet approved are cancelled together. Approved requests stay.`
            : 'The preview and its corrections are thrown away. Nothing was committed.'
        }
        confirm={asked === 'withdraw' ? 'Withdraw' : 'Discard'}
        keep="Keep"
        pending={running.isPending}
        failure={running.error ? failureMessage(running.error) : null}
        onConfirm={confirm}
        onClose={close}
        onExited={exited}
      />
    </Stack>
  );
}
