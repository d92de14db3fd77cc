import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { inject } from 'vitest';
import { openDatabase } from '../../src/db/database';

/**
 * The PostgreSQL pass's counterpart of the PGlite template (decision 341): one database migrated
 * once per run, which every test file's database is copied from (`CREATE DATABASE … TEMPLATE`, a
 * file copy on the server) instead of running every migration again, a few seconds per file on two
 * cores. Migrated by the same code a deployment runs, from this checkout's migrations; dropped at
 * the end of the run. The migration tests themselves start from empty databases
 * (`createEmptyServerDatabase`), so they still run every migration.
 */
export async function postgresTemplateSetup(
  project: TestProject,
  serverUrl: string,
): Promise<() => Promise<void>> {
  const name = `medrem_tpl_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
  try {
    await handle.migrate();
  } finally {
    // A template must have no connections while it is copied.
    await handle.close();
  }
  project.provide('postgresTemplate', name);
  return async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}

/** The migrated template database's name; undefined when the run has none (a PGlite run). */
export const postgresTemplate = (): string | undefined => inject('postgresTemplate');
