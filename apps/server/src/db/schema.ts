/**
 * The database's tables, by area (`schema/*.schema.ts`). drizzle-kit reads this file
 * (`drizzle.config.ts`) and every module imports the tables from here.
 */
export * from './schema/account.schema';
export * from './schema/medicine.schema';
export * from './schema/delivery.schema';
export * from './schema/sharing.schema';
export * from './schema/admin.schema';
export * from './schema/activity.schema';
export * from './schema/journal.schema';
export * from './schema/passkey.schema';
export * from './schema/two-factor.schema';
export * from './schema/pack.schema';
