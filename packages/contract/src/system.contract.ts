import { z } from 'zod';
import { defineProcedure } from './define-procedure';

export const systemContract = {
  health: defineProcedure({
    method: 'GET',
    path: '/api/health',
    tag: 'system',
    summary: 'Liveness: ok once migrations have run',
    description:
      'For load balancers and orchestrators: never rate limited, and a successful check writes no access log line.',
    access: 'public',
    probe: true,
    input: z.object({}).optional(),
    output: z.object({ status: z.literal('ok') }),
  }),
};
