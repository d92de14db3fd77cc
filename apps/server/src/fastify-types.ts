import type { AppConfig } from './config/config';
import type { PushSecrets } from './config/secrets';
import type { DatabaseHandle } from './db/database';
import type { Clock } from './lib/clock';
import type { Services } from './composition/create-services';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    clock: Clock;
    database: DatabaseHandle;
    services: Services;
    pushSecrets: PushSecrets;
  }
  interface FastifyContextConfig {
    /** An infrastructure probe's route (decision 013): its successful answers write no access line. */
    probe?: boolean;
  }
}
