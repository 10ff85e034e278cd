import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { PageHeading } from '../../../components/ui/page-heading';
import { documentTitleOf, SCREEN_LABEL_ATTRIBUTE } from '../../../lib/page-title';
import { useWizardJourney, type WizardJourney } from '../hooks/use-wizard-journey';

type WizardHeadingProps = {
  /** The step's own title ('Personal Information', 'Review and submit'). */
  title: string;
  /** 'Page N of 4' and the like. */
  stepLine?: string;
};

/** The h1 a wizard screen opens with, named after the journey. */
export function wizardTitle(journey: WizardJourney, title: string): string {
  return journey.kind === 'changeCoverage' ? `Change Coverage for ${journey.memberName}: ${title}` : title;
}

/**
 * Breadcrumb, h1 and step line of a wizard screen. A new step takes focus on its h1, so that a
 * keyboard or screen reader user starts there instead of on the page's body.
 */
export function WizardHeading({ title, stepLine }: WizardHeadingProps) {
  const journey = useWizardJourney();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const heading = ref.current?.querySelector<HTMLElement>('h1');
    if (!heading) return;
    heading.setAttribute('tabindex', '-1');
    heading.focus();
  }, []);

  const event =
    journey.kind === 'changeCoverage' && journey.eventName ? `Qualifying event: ${journey.eventName}` : null;
  const subtitle = [event, stepLine].filter(Boolean).join(' · ');
  // The document title and the announcement say which journey this is, without the member's name.
  // The route announcer reads the label when this heading is already there; when the heading comes
  // later (its data still loading), the heading sets the title itself.
  const screenLabel = journey.kind === 'changeCoverage' ? `Change Coverage: ${title}` : undefined;
  useEffect(() => {
    if (screenLabel) document.title = documentTitleOf(screenLabel);
  }, [screenLabel]);
  return (
    <Box ref={ref} {...{ [SCREEN_LABEL_ATTRIBUTE]: screenLabel }}>
      <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
        {journey.kind === 'changeCoverage' ? (
          <Link component={RouterLink} to="/change-coverage" underline="hover" color="inherit">
            Change Coverage
          </Link>
        ) : (
          <Typography color="text.secondary">Enroll Subscriber</Typography>
        )}
        {journey.kind === 'changeCoverage' && <Typography color="text.secondary">{journey.memberName}</Typography>}
        <Typography color="text.primary" aria-current="page">
          {title}
        </Typography>
      </Breadcrumbs>
      <PageHeading title={wizardTitle(journey, title)} subtitle={subtitle || undefined} />
    </Box>
  );
}
