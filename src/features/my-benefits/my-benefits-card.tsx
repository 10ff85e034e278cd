import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link } from '@tanstack/react-router';
import { canAccess } from '../../contracts/permissions';
import { useCurrentRoles } from '../../hooks/use-session';

/** On Home, for a member of the group: the way to their own benefits. */
export function MyBenefitsCard() {
  if (!canAccess(useCurrentRoles(), 'myBenefits')) return null;
  return (
    <Paper component="section" aria-label="My Benefits" variant="outlined" sx={{ p: 2, mb: 3, maxWidth: 720 }}>
      <Typography variant="h6" component="h2">
        Your benefits
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        Your coverage, who it covers and what it costs you per paycheck.
      </Typography>
      <Button component={Link} to="/my-benefits" variant="contained">
        See my benefits
      </Button>
    </Paper>
  );
}
