import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import type { Claim } from '../../../contracts/claims';
import { formatIsoDate } from '../../../lib/calendar-date';
import { formatUsd } from '../../../lib/format-currency';
import { formatPaymentDate } from '../claim-format';

type ClaimCardsProps = {
  claims: Claim[];
  selectedClaimID: number | null;
  onSelect: (claim: Claim) => void;
};

/** The claims on a phone: one card per claim, the patient's name first; a card selects its claim. */
export function ClaimCards({ claims, selectedClaimID, onSelect }: ClaimCardsProps) {
  return (
    <Box component="ul" aria-label="Claims" sx={{ listStyle: 'none', m: 0, p: 1, display: 'grid', gap: 1 }}>
      {claims.map((claim) => {
        const selected = claim.claimID === selectedClaimID;
        const details: [string, string][] = [
          ['Provider Name', claim.providerName],
          ['Claim Type', claim.claimType],
          ['Service Date', formatIsoDate(claim.serviceDate)],
          ['Billed Amount', formatUsd(claim.billedAmount)],
          ['Allowed Amount', formatUsd(claim.allowedAmount)],
          ['Plan Payment', formatUsd(claim.planPayment)],
          ['Patient Owes Amount', formatUsd(claim.patientOwesAmount)],
          ['Payment Date', formatPaymentDate(claim.paymentDate)],
        ];
        return (
          <li key={claim.claimID}>
            <ButtonBase
              aria-pressed={selected}
              data-testid="claim-card"
              onClick={() => onSelect(claim)}
              sx={{
                display: 'block',
                width: '100%',
                textAlign: 'left',
                p: 1.5,
                border: 1,
                borderRadius: 1,
                borderColor: selected ? 'primary.main' : 'divider',
                bgcolor: selected ? 'action.selected' : 'background.paper',
                boxShadow: selected ? (theme) => `inset 4px 0 0 ${theme.palette.primary.main}` : 'none',
              }}
            >
              <Typography component="span" sx={{ display: 'block', fontWeight: 600, overflowWrap: 'anywhere' }}>
                {claim.patientFirstName} {claim.patientLastName}
              </Typography>
              <Typography component="span" variant="body2" sx={{ display: 'block', mb: 1 }}>
                Claim# {claim.claimNumber}
              </Typography>
              <Box
                component="dl"
                sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, typography: 'body2' }}
              >
                {details.map(([label, value]) => (
                  <Box key={label} sx={{ display: 'contents' }}>
                    <Box component="dt" sx={{ color: 'text.secondary' }}>
                      {label}
                    </Box>
                    <Box component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {value}
                    </Box>
                  </Box>
                ))}
              </Box>
            </ButtonBase>
          </li>
        );
      })}
    </Box>
  );
}
