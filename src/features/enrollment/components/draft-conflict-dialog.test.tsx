import { QueryClient, QueryClientProvider, useSuspenseQuery } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enrollmentQueries } from '../../../api/enrollment-queries';
import { FormTextField } from '../../../components/form/form-text-field';
import { endpoints } from '../../../contracts/endpoints';
import { DRAFT_CONFLICT_MESSAGE, type EnrollmentDraft } from '../../../contracts/enrollment';
import { ApiError, callEndpoint } from '../../../lib/api-client';
import { useAppStore } from '../../../stores/app-store';
import { useFormDraftAutosave } from '../hooks/use-form-draft-autosave';
import { useInitialSections } from '../hooks/use-initial-sections';
import { useStepSave } from '../hooks/use-step-save';
import { useWizardPointers } from '../hooks/use-wizard-pointers';
import { readFormDraft } from '../lib/form-drafts';
import { emptySubscriber, type SubscriberValues } from '../lib/wizard-values';
import { DRAFT_CONFLICT_TITLE } from './draft-conflict-dialog';
import { WizardStepLayout } from './wizard-step-layout';

vi.mock('@tanstack/react-router', () => ({ useNavigate: () => vi.fn() }));
vi.mock('../../../hooks/use-session', () => ({ useEmployerPK: () => 2 }));
vi.mock('../../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/api-client')>()),
  callEndpoint: vi.fn(),
}));

const REQUEST_PK = 7;

function draftAt(version: number, firstName: string): EnrollmentDraft {
  return {
    requestPK: REQUEST_PK,
    status: 'Incomplete',
    version,
    saveStep: 1,
    employerPK: 2,
    subscriber: { ...emptySubscriber(), firstName, lastName: 'Rivera', ssnLast4: '1234' },
    dependents: [],
  };
}

/** The server: the draft as stored, and every save refused because another tab saved version 2. */
let stored = draftAt(1, 'Dana');
const saves: unknown[] = [];

/** Step 1 as the wizard builds it: restored from the draft, typed values kept, remounted on a reload. */
function Step() {
  const pointers = useWizardPointers();
  const { data: draft } = useSuspenseQuery(enrollmentQueries.draft(pointers.requestPK));
  const sections = useInitialSections(draft);
  const form = useForm<SubscriberValues>({ defaultValues: sections.subscriber ?? emptySubscriber() });
  useFormDraftAutosave('subscriber', form);
  const step = useStepSave(form, 'subscriber');
  return (
    <WizardStepLayout
      step={1}
      failure={step.failure}
      conflict={step.conflict}
      onSubmit={(event) => {
        event.preventDefault();
        void step.run({ saveStep: 1, values: form.getValues() });
      }}
      actions={<button type="submit">Next</button>}
    >
      <FormTextField control={form.control} name="firstName" label="First Name" />
    </WizardStepLayout>
  );
}

function Wizard() {
  const resets = useAppStore((state) => state.enrollmentResets);
  return <Step key={resets} />;
}

function renderWizard() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <Suspense fallback="Loading">
        <Wizard />
      </Suspense>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  stored = draftAt(1, 'Dana');
  saves.length = 0;
  sessionStorage.clear();
  useAppStore.getState().updateDraft({ requestPK: REQUEST_PK, subscriberPK: null, step: 1, version: 1 });
  vi.mocked(callEndpoint).mockImplementation((async (endpoint: unknown, input: { body?: unknown }) => {
    if (endpoint === endpoints.getEnrollmentRequest) return stored;
    saves.push(input.body);
    // Another tab saved in the meantime.
    stored = draftAt(2, 'Other');
    throw new ApiError(409, { title: 'Conflict', status: 409, detail: DRAFT_CONFLICT_MESSAGE, currentVersion: 2 });
  }) as typeof callEndpoint);
});
afterEach(() => {
  useAppStore.getState().clearSubscriber();
});

async function typeAndSave(user: ReturnType<typeof userEvent.setup>, value: string) {
  const field = await screen.findByLabelText('First Name');
  await user.clear(field);
  await user.type(field, value);
  await user.click(screen.getByRole('button', { name: 'Next' }));
  return screen.findByRole('dialog', { name: DRAFT_CONFLICT_TITLE });
}

describe('DraftConflictDialog in a wizard step', () => {
  it('sends the version loaded and, on a conflict, keeps what was typed until the user chooses', async () => {
    const user = userEvent.setup();
    renderWizard();
    expect(await screen.findByLabelText('First Name')).toHaveValue('Dana');

    await typeAndSave(user, 'Typed');
    expect(saves[0]).toMatchObject({ version: 1, subscriber: { firstName: 'Typed' } });
    expect(screen.getByRole('button', { name: 'Keep editing' })).toHaveFocus();
    expect(screen.getByLabelText('First Name')).toHaveValue('Typed');
    expect(readFormDraft('subscriber')?.firstName).toBe('Typed');

    // Escape is 'Keep editing': nothing typed is lost, and the next save still names version 1.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByLabelText('First Name')).toHaveValue('Typed');
    expect(readFormDraft('subscriber')?.firstName).toBe('Typed');
    expect(useAppStore.getState().enrollment.version).toBe(1);
  });

  it('reloads the saved draft on request, replacing the typed values', async () => {
    const user = userEvent.setup();
    renderWizard();
    await typeAndSave(user, 'Typed');

    await user.click(screen.getByRole('button', { name: 'Reload enrollment' }));
    await waitFor(() => expect(screen.getByLabelText('First Name')).toHaveValue('Other'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(useAppStore.getState().enrollment.version).toBe(2);
    expect(readFormDraft('subscriber')).toBeUndefined();
  });
});
