import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import { setAnalyticsOptOut, useAnalyticsOptOut } from '../../../stores/analytics-slice';

/** The analytics opt-out embedded in the privacy modal. */
export function AnalyticsOptOut() {
  const optedOut = useAnalyticsOptOut();
  return (
    <section aria-labelledby="analytics-opt-out-title">
      <Typography id="analytics-opt-out-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2 }}>
        Analytics opt-out
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        The portal records which pages you open to improve the service. You can turn this off for this session.
      </Typography>
      <FormControlLabel
        control={<Checkbox checked={optedOut} onChange={(event) => setAnalyticsOptOut(event.target.checked)} />}
        label="Do not send page-view analytics"
      />
    </section>
  );
}
