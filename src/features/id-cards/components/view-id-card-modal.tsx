import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { idCardQueries } from '../../../api/id-card-queries';
import { closeModal, useIsModalOpen } from '../../../stores/modal-slice';
import { downloadIdCardPdf } from '../id-card-documents';

const TITLE_ID = 'view-id-card-title';

export type CardToView = { subscriberPK: number; idCardPK: number; firstName: string; lastName: string };

/** viewIDCardModal: both sides of one card and its PDF as a download. */
export function ViewIdCardModal({ card }: { card: CardToView | null }) {
  const open = useIsModalOpen('viewIDCardModal') && card !== null;
  return (
    <Dialog open={open} onClose={closeModal} aria-labelledby={TITLE_ID} maxWidth="md" fullWidth>
      <DialogTitle id={TITLE_ID}>ID Card</DialogTitle>
      {card && <CardContent card={card} onClose={closeModal} />}
    </Dialog>
  );
}

function CardContent({ card, onClose }: { card: CardToView; onClose: () => void }) {
  const images = useQuery(idCardQueries.view({ subscriberPK: card.subscriberPK, idCardPK: card.idCardPK }));
  const [downloading, setDownloading] = useState(false);
  const owner = `${card.firstName} ${card.lastName}`;

  const download = async () => {
    setDownloading(true);
    try {
      await downloadIdCardPdf(card, card.idCardPK);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <>
      <DialogContent>
        <Typography sx={{ mb: 2 }}>{owner}</Typography>
        {images.isPending && <CircularProgress aria-label="Loading the ID card" />}
        {images.isError && <Alert severity="error">The ID card could not be loaded.</Alert>}
        {images.data && (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
            <CardSide label="Front" src={images.data.frontImage} alt={`Front of the ID card of ${owner}`} />
            <CardSide label="Back" src={images.data.backImage} alt={`Back of the ID card of ${owner}`} />
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={() => void download()} disabled={downloading}>
          Download ID Card
        </Button>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </>
  );
}

function CardSide({ label, src, alt }: { label: string; src: string; alt: string }) {
  return (
    <Box component="figure" sx={{ m: 0, flex: 1 }}>
      <Box
        component="img"
        src={src}
        alt={alt}
        sx={{ width: '100%', border: 1, borderColor: 'divider', borderRadius: 1 }}
      />
      <Typography component="figcaption" variant="caption">
        {label}
      </Typography>
    </Box>
  );
}
