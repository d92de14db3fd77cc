import { describeFuzzShard } from './openapi-fuzz.suite';

/** Half of the openapi.json fuzz (issue 8; decision 350 shards it); see openapi-fuzz.suite.ts. */
describeFuzzShard(1, 2);
