import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GroupChoice } from '../../../contracts/account';
import { GroupLogo } from './group-logo';

type GroupCardProps = {
  group: GroupChoice;
  /** Data URL of the group's logo, undefined while it loads. */
  logo: string | undefined;
  current: boolean;
  onSelect: () => void;
};

export function GroupCard({ group, logo, current, onSelect }: GroupCardProps) {
  const headingId = `group-card-${group.employerPK}`;
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}
    >
      {/* Non-current groups are dimmed (spec 2 §2); only the content, so text keeps enough contrast. */}
      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexGrow: 1, opacity: current ? 1 : 0.7 }}>
        <GroupLogo employerName={group.employerName} employerLogo={logo} size={56} />
        <div>
          <Typography id={headingId} variant="h6" component="h2">
            {group.employerName}
          </Typography>
          <Typography variant="body2">Group ID: {group.employerID}</Typography>
        </div>
      </CardContent>
      <CardActions>
        {current ? (
          <Chip label="Current group" color="primary" size="small" />
        ) : (
          <Button onClick={onSelect} aria-label={`Select group ${group.employerName}`}>
            Select group
          </Button>
        )}
      </CardActions>
    </Card>
  );
}
