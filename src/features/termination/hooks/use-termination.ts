import { useNavigate } from '@tanstack/react-router';
import type { Dependent } from '../../../contracts/dependents';
import type { SubscriberDetail } from '../../../contracts/subscribers';
import { todayIsoDate } from '../../../contracts/person-rules';
import { applyServerFieldErrors, unplacedMessages } from '../../../components/form/server-field-errors';
import {
  isBeyondRetroWindow,
  RETRO_TERMINATION_MESSAGE,
  type TerminationPayload,
} from '../../../contracts/terminations';
import { useEmployerPK } from '../../../hooks/use-session';
import { isApiError } from '../../../lib/api-client';
import {
  continueCoverageAfterTermination,
  discardEnrollmentDraft,
  recordDependentTermination,
  recordedDependentTermination,
} from '../../../stores/enrollment-handoff';
import { closeModal, openModal, useOpenModal } from '../../../stores/modal-slice';
import { notify } from '../../../stores/notification-store';
import { useCreateFollowUpRequest, useTerminateDependent, useTerminateSubscriber } from '../api/terminate-member';
import { followUpChangeRequest } from '../lib/follow-up-request';
import type { TerminationFormValues } from '../../../lib/termination-form';

const isRetroRefusal = (error: unknown) => isApiError(error) && error.problem.detail === RETRO_TERMINATION_MESSAGE;

/**
 * The terminate flow after the form (spec 1 §4 "Termination"): the 90-day rule, the request, and
 * what follows it. The modals are the store's one `modal`; the enrollment that follows a dependent's
 * termination is handed to the wizard through enrollment-handoff.
 */
export function useTermination(detail: SubscriberDetail, dependent?: Dependent) {
  const navigate = useNavigate();
  const employerPK = useEmployerPK();
  const modal = useOpenModal();
  const terminateSubscriber = useTerminateSubscriber();
  const terminateDependent = useTerminateDependent();
  const followUp = useCreateFollowUpRequest();

  /** The 90-day rule, refused here without calling the server; false when it refused. */
  const check = (values: TerminationFormValues): boolean => {
    const today = todayIsoDate();
    if (isBeyondRetroWindow(values.eventDate, today) || isBeyondRetroWindow(values.terminationDate, today)) {
      openModal('errorModal');
      return false;
    }
    return true;
  };

  const submit = async (values: TerminationFormValues) => {
    if (!check(values)) return;
    const person = dependent ?? detail.subscriber;
    const body: TerminationPayload = {
      subscriberPK: detail.subscriberPK,
      employerPK,
      firstName: person.firstName,
      lastName: person.lastName,
      ...values,
    };
    try {
      if (dependent) {
        await terminateDependent.mutateAsync({ body: { ...body, dependentPK: dependent.dependentPK } });
        // The next enrollment of this subscriber starts the day after (spec 1 §4).
        recordDependentTermination(detail.subscriberPK, values.terminationDate);
        openModal('submittedTerminateDependentModal');
      } else {
        await terminateSubscriber.mutateAsync({ body });
        discardEnrollmentDraft();
        openModal('submittedTerminateSubscriberModal');
      }
    } catch (error) {
      // The server applies the same window (a date can cross midnight between the two checks).
      if (isRetroRefusal(error)) openModal('errorModal');
      else throw error;
    }
  };

  const finishSubscriber = () => {
    closeModal();
    void navigate({ to: '/' });
  };

  /** Starts the change-coverage request the termination requires, then continues at the plan page. */
  const proceedToCoverage = () => {
    const termDate = recordedDependentTermination();
    if (!termDate) return;
    followUp.mutate(
      { body: followUpChangeRequest(detail, employerPK, termDate) },
      {
        onSuccess: (answer) => {
          continueCoverageAfterTermination(detail.subscriberPK, answer.requestPK);
          closeModal();
          void navigate({ to: '/enroll-subscriber/choose-a-plan' });
        },
        onError: (error) => {
          // Field errors are not announced by the call layer; everything else already was.
          const errors = applyServerFieldErrors(null, error);
          if (errors) {
            notify({
              title: 'The change of coverage could not be started',
              message: unplacedMessages(errors.unplaced).join(' '),
            });
          }
        },
      },
    );
  };

  return { modal, closeModal, check, submit, finishSubscriber, proceedToCoverage, proceeding: followUp.isPending };
}
