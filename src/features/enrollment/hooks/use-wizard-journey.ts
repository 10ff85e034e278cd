import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { enrollmentQueries } from '../../../api/enrollment-queries';
import { lookupQueries } from '../../../api/lookup-queries';
import { useWizardPointers } from './use-wizard-pointers';

/** A new enrollment, or a change of an existing member's coverage after a qualifying event. */
export type WizardJourney =
  { kind: 'enroll' } | { kind: 'changeCoverage'; memberName: string; eventName: string | null };

/** Which journey the wizard's request belongs to: a request of an existing member changes coverage. */
export function useWizardJourney(): WizardJourney {
  const { subscriberPK, changeReasonPK } = useWizardPointers();
  const { data: member } = useSuspenseQuery(enrollmentQueries.member(subscriberPK));
  const { data: reasons } = useQuery({ ...lookupQueries.changePlanReasons(true), enabled: subscriberPK !== null });
  if (subscriberPK === null || !member) return { kind: 'enroll' };
  return {
    kind: 'changeCoverage',
    memberName: `${member.subscriber.firstName} ${member.subscriber.lastName}`,
    eventName: reasons?.find((r) => r.pk === changeReasonPK)?.name ?? null,
  };
}
