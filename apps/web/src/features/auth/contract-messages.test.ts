import {
  currentPasswordSchema,
  emailSchema,
  loginInputSchema,
  passwordSchema,
  personNameSchema,
} from '@medrem/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { inLanguage } from '../../test/languages';
import { contractMessage } from './contract-messages';

/** Every message the account forms' rules give, from the contract's own schemas. */
const cases: [z.ZodType, unknown][] = [
  [emailSchema, 'not an address'],
  [emailSchema, `${'a'.repeat(320)}@example.com`],
  [emailSchema, 'ada\t@example.com'],
  [emailSchema, 42],
  [passwordSchema, 'abc'],
  [passwordSchema, 'x'.repeat(200)],
  [passwordSchema, 'secret\u0000pass'],
  [passwordSchema, undefined],
  [currentPasswordSchema, 'x'.repeat(200)],
  [currentPasswordSchema, 7],
  [loginInputSchema.shape.password, ''],
  [personNameSchema, ' '],
  [personNameSchema, 'n'.repeat(101)],
  [personNameSchema, 'Ada\nLovelace'],
];
const messages = () => cases.map(([schema, value]) => schema.safeParse(value).error!.issues[0]!.message);

describe('the contract’s messages in the account forms (issue 54)', () => {
  afterEach(() => inLanguage('en'));

  it('are the contract’s English byte for byte in English', () => {
    expect(messages().map((m) => contractMessage(m))).toEqual(messages());
    expect(contractMessage('A message of a newer contract.')).toBe('A message of a newer contract.');
  });

  it('are each translated in Spanish (none left in English)', async () => {
    const english = messages();
    await inLanguage('es');
    const spanish = english.map((m) => contractMessage(m));
    spanish.forEach((text, i) => expect(text, english[i]).not.toBe(english[i]));
    expect(spanish.slice(0, 2)).toEqual([
      'Introduzca una dirección de correo electrónico válida.',
      'El correo electrónico es demasiado largo.',
    ]);
    expect(contractMessage('Password should be at least 6 characters long.')).toBe(
      'La contraseña debe tener al menos 6 caracteres.',
    );
  });
});
