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
      'src/features/claims/components/fixture.ts',
      "import { maskSsn } from '../../coverage/coverage-format';\nexport const x = maskSsn;\n",
    );
    expect(errors).toEqual([expect.stringContaining('A feature never imports another feature')]);
  });

  it('lets a feature import its own files and the shared layers', async () => {
    const errors = await boundaryErrors(
      'src/features/claims/components/fixture.ts',
      [
        "import { claimSearchSchema } from '../claim-search';",
        "import { PageHeading } from '../../../components/ui/page-heading';",
        "import { endpoints } from '../../../contracts/endpoints';",
        'export const x = [claimSearchSchema, PageHeading, endpoints];',
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
      'server/services/fixture.ts',
      "import { apiRoutes } from '../routes/api';\nexport const x = apiRoutes;\n",
    );
    expect(errors).toEqual([expect.stringContaining('Only routes know about HTTP')]);
  });
});
