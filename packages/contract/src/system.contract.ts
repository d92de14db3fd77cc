import { z } from 'zod';
import { defineProcedure } from './define-procedure';

export const systemContract = {
  health: defineProcedure({
    method: 'GET',
    path: '/api/health',
    tag: 'system',
    summary: 'Liveness: ok once migrations have run',
    access: 'public',
    probe: true,
    input: z.object({}).optional(),
    output: z.object({ status: z.literal('ok') }),
  }),
};
