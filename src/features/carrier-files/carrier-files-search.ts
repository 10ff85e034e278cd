import type { z } from 'zod';
import { CARRIER_FILE_PAGE_SIZE, type carrierFileListBody } from '../../contracts/carrier-files';
import { countParam, listSearch, pageOf } from '../../lib/list-search';

/** The one-based page of the Carrier Files list, kept in the URL; anything malformed reads as the first. */
export const carrierFilesSearch = listSearch({ page: countParam(100_000) });
export type CarrierFilesSearch = z.output<typeof carrierFilesSearch.schema>;

export function toCarrierFileListBody(
  search: CarrierFilesSearch,
  employerPK: number,
): z.input<typeof carrierFileListBody> {
  return { employerPK, currentPage: pageOf(search) - 1, pageSize: CARRIER_FILE_PAGE_SIZE };
}
