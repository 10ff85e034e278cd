import Button from '@mui/material/Button';
import Radio from '@mui/material/Radio';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { endpoints } from '../../contracts/endpoints';
import type { CoverageChoice, PlanOption } from '../../contracts/open-enrollment';
import { useEmployerPK } from '../../hooks/use-session';
import { usdOfText } from '../../lib/money-text';
import { openBlobInNewWindow } from '../../lib/open-document';

const difference = (amount: string | null) => {
  if (amount === null) return '—';
  if (amount === '0.00') return 'Same as today';
  return amount.startsWith('-') ? `${usdOfText(amount.slice(1))} less` : `${usdOfText(amount)} more`;
};

/**
 * The plan's Summary of Benefits and Coverage, fetched through the API client (it needs the bearer
 * token) and opened in a new window, or downloaded where the window is blocked.
 */
function SbcButton({ option }: { option: PlanOption }) {
  const employerPK = useEmployerPK();
  return (
    <Button
      size="small"
      sx={{
        display: 'flex',
        justifyContent: 'flex-start',
        textAlign: 'left',
        px: 0,
        mt: 0.5,
        minHeight: 44,
        minWidth: 0,
      }}
      aria-label={`Summary of Benefits (PDF), ${option.planName}`}
      onClick={() =>
        void openBlobInNewWindow(
          endpoints.planSbcPdf,
          { query: { employerPK, planPK: option.planPK } },
          option.sbcFileName ?? `${option.planName} Summary of Benefits.pdf`,
        ).catch(() => undefined)
      }
    >
      Summary of Benefits (PDF)
    </Button>
  );
}

type PlanComparisonProps = {
  choice: CoverageChoice;
  selected: number | null;
  onSelect?: (planPK: number) => void;
};

/**
 * Next year's plans side by side, priced per paycheck and per year for the member's tier, and the
 * worst case: what the year costs if the out-of-pocket maximum is reached. A plan with a Summary of
 * Benefits and Coverage offers its PDF under its name.
 */
export function PlanComparison({ choice, selected, onSelect }: PlanComparisonProps) {
  const label = `${choice.planType} plans for ${choice.tier.tierName}`;
  // Shown where plans carry an out-of-pocket maximum (medical): a year's premiums plus that maximum.
  const worstCase = choice.options.some((o) => o.worstCasePerYear !== null);
  return (
    // Focusable, so a keyboard can scroll it sideways on a narrow phone.
    <TableContainer tabIndex={0} role="region" aria-label={`${label}, scrollable`}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {onSelect && <TableCell padding="checkbox" />}
            <TableCell>Plan</TableCell>
            <TableCell align="right">Per paycheck</TableCell>
            <TableCell align="right">Per year</TableCell>
            <TableCell align="right">Per year vs today</TableCell>
            {worstCase && <TableCell align="right">Worst case per year</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {choice.options.map((option) => (
            <TableRow key={option.planPK} selected={selected === option.planPK}>
              {onSelect && (
                <TableCell padding="checkbox">
                  <Radio
                    checked={selected === option.planPK}
                    onChange={() => onSelect(option.planPK)}
                    slotProps={{ input: { 'aria-label': `Choose ${option.planName}` } }}
                  />
                </TableCell>
              )}
              <TableCell component="th" scope="row">
                {option.planName}
                {option.hasSbc && <SbcButton option={option} />}
              </TableCell>
              <TableCell align="right">{usdOfText(option.employeeShare)}</TableCell>
              <TableCell align="right">{usdOfText(option.perYear)}</TableCell>
              <TableCell align="right">{difference(option.differencePerYear)}</TableCell>
              {worstCase && (
                <TableCell align="right">
                  {option.worstCasePerYear === null ? '—' : usdOfText(option.worstCasePerYear)}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
