import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { planYearQueries } from '../../api/plan-year-queries';
import { PageHeading } from '../../components/ui/page-heading';
import { RetryAlert } from '../../components/ui/retry-alert';
import { endpoints } from '../../contracts/endpoints';
import { useEmployerPK } from '../../hooks/use-session';
import { dateToIso } from '../../lib/calendar-date';
import { notify } from '../../stores/notification-store';
import { MembersSeeClaimsField } from './members-see-claims-field';
import { PayFrequencyField } from './pay-frequency-field';
import { chosenYear, planYearSearch } from './plan-year-search';
import { usePlanYearChange } from './plan-year-mutations';
import { PlanYearPanel } from './plan-year-panel';

const yearOf = (beginDate: string) => Number(beginDate.slice(0, 4));

/**
 * Plans and Rates: the group's plan years, each plan's rates per tier per pay period, and the copy of
 * the latest year into the next with each plan's successor (GroupAdmin and the Portal Administrator).
 */
export function PlansAndRatesScreen() {
  const employerPK = useEmployerPK();
  const search = planYearSearch.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  const list = useQuery(planYearQueries.list(employerPK));
  const copy = usePlanYearChange(endpoints.copyPlanYear);
  const today = dateToIso(new Date());

  if (list.isPending) return <Skeleton variant="rounded" height={320} aria-label="Loading the plan years" />;
  if (list.isError)
    return (
      <>
        <PageHeading title="Plans and Rates" />
        <RetryAlert title="The plan years could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
      </>
    );
  const { years, payFrequencyPK, periodsPerYear, membersSeeClaims } = list.data;
  const shown = chosenYear(years, search.year);
  const latest = years[years.length - 1];
  const show = (year: number) => void navigate({ to: '/plans-and-rates', search: { year } });

  return (
    <>
      <PageHeading title="Plans and Rates" />
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <PayFrequencyField employerPK={employerPK} value={payFrequencyPK} />
          <Typography variant="body2">Rates are per pay period: {periodsPerYear} a year.</Typography>
          <MembersSeeClaimsField employerPK={employerPK} value={membersSeeClaims} />
        </Stack>
        {!shown || !latest ? (
          <Alert severity="info">The group has no plans yet.</Alert>
        ) : (
          <>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <Tabs
                value={yearOf(shown.beginDate)}
                onChange={(_, year: number) => show(year)}
                aria-label="Plan years"
                variant="scrollable"
              >
                {years.map((y) => (
                  <Tab
                    key={y.beginDate}
                    value={yearOf(y.beginDate)}
                    label={y.current ? `${yearOf(y.beginDate)} (current)` : String(yearOf(y.beginDate))}
                  />
                ))}
              </Tabs>
              <Button
                variant="contained"
                loading={copy.isPending}
                onClick={() =>
                  copy.mutate(
                    { body: { employerPK, fromBeginDate: latest.beginDate } },
                    {
                      onSuccess: (answer) => {
                        notify({
                          severity: 'success',
                          title: `Plan year ${yearOf(answer.beginDate)} created`,
                          message: `${answer.planCount} plans copied with their rates. Upload each plan's new SBC: SBCs are not copied.`,
                        });
                        show(yearOf(answer.beginDate));
                      },
                    },
                  )
                }
              >
                Copy {yearOf(latest.beginDate)} forward to {yearOf(latest.beginDate) + 1}
              </Button>
            </Stack>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Copying forward copies the plans and their rates, not their Summaries of Benefits and Coverage: each new
              year needs its new SBC.
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              Plan year {shown.beginDate} to {shown.endDate} · {shown.planCount} plans
            </Typography>
            <PlanYearPanel key={shown.beginDate} employerPK={employerPK} beginDate={shown.beginDate} today={today} />
          </>
        )}
      </Stack>
    </>
  );
}
