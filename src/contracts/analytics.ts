import { z } from 'zod';

export const pageView = z.object({ path: z.string().min(1).max(300) });
