import { z } from 'zod';
import { CARRIER_FILE_PAGE_SIZE, type carrierFileListBody } from '../../contracts/carrier-files';

/** The one-based page of the Carrier Files list, kept in the URL; anything malformed reads as the first. */
export const carrierFilesSearchSchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().catch(undefined),
});
export type CarrierFilesSearch = z.output<typeof carrierFilesSearchSchema>;

export function toCarrierFileListBody(
  search: CarrierFilesSearch,
  employerPK: number,
): z.input<typeof carrierFileListBody> {
  return { employerPK, currentPage: (search.page ?? 1) - 1, pageSize: CARRIER_FILE_PAGE_SIZE };
}
