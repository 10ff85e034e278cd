import { z } from 'zod';
import { text } from './common';

export const pageView = z.object({ path: text(300).min(1) });
