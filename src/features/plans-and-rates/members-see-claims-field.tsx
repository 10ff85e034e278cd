import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { endpoints } from '../../contracts/endpoints';
import { usePlanYearChange } from './plan-year-mutations';

/** The group's "Members see their own claims": whether My Benefits lists a member's claims. */
export function MembersSeeClaimsField({ employerPK, value }: { employerPK: number; value: boolean }) {
  const change = usePlanYearChange(endpoints.setMembersSeeClaims);
  return (
    <FormControlLabel
      control={
        <Switch
          checked={value}
          disabled={change.isPending}
          onChange={(event) => change.mutate({ body: { employerPK, membersSeeClaims: event.target.checked } })}
        />
      }
      label="Members see their own claims"
    />
  );
}
