import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Lints a file that does not exist, placed in a layer, importing real modules of another layer.
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: import.meta.dirname });
  const results = await eslint.lintText(code, { filePath });
  return results
    .flatMap((result) => result.messages)
    .filter((m) => m.ruleId === 'boundaries/dependencies')
    .map((m) => m.message);
}

describe('layer boundaries', () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'src/features/claim-search/components/fixture.ts',
      "import { maskSsn } from '../../coverage/coverage-format';\nexport const x = maskSsn;\n",
    );
    expect(errors).toEqual([expect.stringContaining('A feature never imports another feature')]);
  });

  it('lets a feature import its own files and the shared layers', async () => {
    const errors = await boundaryErrors(
      'src/features/claim-search/components/fixture.ts',
      [
        "import { claimSearch } from '../claim-search';",
        "import { PageHeading } from '../../../components/ui/page-heading';",
        "import { endpoints } from '../../../contracts/endpoints';",
        'export const x = [claimSearch, PageHeading, endpoints];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('refuses shared components importing a feature', async () => {
    const errors = await boundaryErrors(
      'src/components/ui/fixture.ts',
      "import { maskSsn } from '../../features/coverage/coverage-format';\nexport const x = maskSsn;\n",
    );
    expect(errors).toEqual([expect.stringContaining('never import one')]);
  });

  it('refuses the contract importing anything of the app', async () => {
    const errors = await boundaryErrors(
      'src/contracts/fixture.ts',
      "import { formatCurrency } from '../lib/format-currency';\nexport const x = formatCurrency;\n",
    );
    expect(errors).toEqual([expect.stringContaining('imports only zod')]);
  });

  it('refuses a server service importing a route module', async () => {
    const errors = await boundaryErrors(
      'server/services/claims/fixture.ts',
      "import { apiRoutes } from '../../routes/api';\nexport const x = apiRoutes;\n",
    );
    expect(errors).toEqual([expect.stringContaining('Only routes know about HTTP')]);
  });

  it('refuses a domain importing a domain its row does not name', async () => {
    const errors = await boundaryErrors(
      'server/services/carrier-feed/fixture.ts',
      "import { processPendingRequests } from '../processing';\nexport const x = processPendingRequests;\n",
    );
    expect(errors).toEqual([expect.stringContaining('The carrier-feed domain may not import processing')]);
  });

  it('lets a domain import the domains its row names, through their index.ts', async () => {
    const errors = await boundaryErrors(
      'server/services/processing/fixture.ts',
      [
        "import { addToOpenBatch } from '../carrier-feed';",
        "import { subscriberExists } from '../enrollment';",
        "import { changeStatus } from '../member-requests';",
        "import { prepareRequest } from './processing-apply';",
        'export const x = [addToOpenBatch, subscriberExists, changeStatus, prepareRequest];',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('refuses an import of a file inside another domain, even one the row names', async () => {
    const errors = await boundaryErrors(
      'server/services/processing/fixture.ts',
      "import { addToOpenBatch } from '../carrier-feed/carrier-files';\nexport const x = addToOpenBatch;\n",
    );
    expect(errors).toEqual([expect.stringContaining('entered through its index.ts only')]);
  });
});

describe('store slices', () => {
  async function storeImportErrors(filePath: string, code: string): Promise<string[]> {
    const eslint = new ESLint({ cwd: import.meta.dirname });
    const results = await eslint.lintText(code, { filePath });
    return results
      .flatMap((result) => result.messages)
      .filter((m) => m.ruleId === 'no-restricted-imports')
      .map((m) => m.message);
  }

  it('refuses a feature writing the draft of the enrollment feature, directly or through the whole store', async () => {
    const errors = await storeImportErrors(
      'src/features/termination/hooks/fixture.ts',
      [
        "import { updateEnrollmentDraft } from '../../../stores/enrollment-draft-slice';",
        "import { useAppStore } from '../../../stores/app-store';",
        'updateEnrollmentDraft({ step: 2 });',
        'useAppStore.getState().updateDraft({ step: 2 });',
        '',
      ].join('\n'),
    );
    expect(errors).toEqual([
      expect.stringContaining('stores/enrollment-draft-slice belongs to features/enrollment'),
      expect.stringContaining('stores/app-store belongs to features/session'),
    ]);
  });

  it('lets a feature hand a member over to the wizard, and the wizard write its own draft', async () => {
    const handOff = await storeImportErrors(
      'src/features/termination/hooks/fixture.ts',
      [
        "import { recordDependentTermination } from '../../../stores/enrollment-handoff';",
        "import { openModal } from '../../../stores/modal-slice';",
        "recordDependentTermination(3, '2026-01-31');",
        "openModal('submittedTerminateDependentModal');",
        '',
      ].join('\n'),
    );
    const ownSlice = await storeImportErrors(
      'src/features/enrollment/hooks/fixture.ts',
      "import { updateEnrollmentDraft } from '../../../stores/enrollment-draft-slice';\nupdateEnrollmentDraft({ step: 2 });\n",
    );
    expect([...handOff, ...ownSlice]).toEqual([]);
  });
});
