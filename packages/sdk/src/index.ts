export { type MedRemClient, type MedRemClientOptions, createClient } from './client';
export type { components, operations, paths } from './schema.gen';
