import Box from '@mui/material/Box';
import { useCurrentRoles } from '../../../hooks/use-session';
import { panelsFor, type PanelKey } from '../lib/dashboard-panels';
import { ClaimsPanel } from './claims-panel';
import { DocumentPanel } from './document-panel';
import { EnrollmentPanel } from './enrollment-panel';
import { MembershipPanel } from './membership-panel';
import { RequestsPanel } from './requests-panel';

const PANELS: Record<PanelKey, () => React.JSX.Element> = {
  membership: MembershipPanel,
  enrollment: EnrollmentPanel,
  requests: RequestsPanel,
  claims: ClaimsPanel,
  funding: () => <DocumentPanel kind="funding" />,
  invoice: () => <DocumentPanel kind="invoice" />,
};

/** The current group at a glance: the panels whose data the user's roles may see. */
export function Dashboard() {
  const panels = panelsFor(useCurrentRoles());
  if (panels.length === 0) return null;
  return (
    <Box
      data-testid="dashboard"
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 420px), 1fr))', mb: 3 }}
    >
      {panels.map((key) => {
        const Panel = PANELS[key];
        return <Panel key={key} />;
      })}
    </Box>
  );
}
