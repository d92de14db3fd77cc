import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { LIMITS } from '@medrem/contract/constants';
import { PASSWORD_MIN_LENGTH } from '@medrem/domain';
import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * The contract's zod messages a person meets in the account forms (sign-in, registration, a new
 * or reset password, an invitation), in the page's language (issue 54). The contract gives each
 * rule its one English sentence (the API's 400 says it too): that sentence is the rule's key here,
 * so the English a form shows stays the contract's byte for byte, and a message not listed (a
 * newer contract) shows as the contract wrote it.
 */
const minimum = PASSWORD_MIN_LENGTH;
const maximum = LIMITS.passwordMax;
const nameMaximum = LIMITS.name;
const CONTRACT_MESSAGES: Record<string, MessageDescriptor> = {
  'Please enter a valid email address.': msg`Please enter a valid email address.`,
  'Email is too long.': msg`Email is too long.`,
  'Email may not contain control characters such as NUL, tabs or line breaks.': msg`Email may not contain control characters such as NUL, tabs or line breaks.`,
  'Password is required.': msg`Password is required.`,
  'Password must be text.': msg`Password must be text.`,
  [`Password should be at least ${minimum} characters long.`]: msg`Password should be at least ${minimum} characters long.`,
  [`Password is too long (at most ${maximum} characters).`]: msg`Password is too long (at most ${maximum} characters).`,
  'Password is too long.': msg`Password is too long.`,
  'Password may not contain control characters such as NUL, tabs or line breaks.': msg`Password may not contain control characters such as NUL, tabs or line breaks.`,
  'Name is required.': msg`Name is required.`,
  [`Name is too long (at most ${nameMaximum} characters).`]: msg`Name is too long (at most ${nameMaximum} characters).`,
  'Name may not contain control characters such as NUL, tabs or line breaks.': msg`Name may not contain control characters such as NUL, tabs or line breaks.`,
};

/** A contract message in the page's language; one it does not know, as the contract wrote it. */
export function contractMessage(message: string): string;
export function contractMessage(message: string | undefined): string | undefined;
export function contractMessage(message: string | undefined): string | undefined {
  if (message === undefined || !Object.prototype.hasOwnProperty.call(CONTRACT_MESSAGES, message))
    return message;
  return i18n._(CONTRACT_MESSAGES[message]!);
}

/** A react-hook-form resolver whose fields' messages are said in the page's language. */
export function withContractMessages<T extends FieldValues, C, O>(
  resolver: Resolver<T, C, O>,
): Resolver<T, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    for (const error of Object.values(result.errors) as ({ message?: unknown } | undefined)[]) {
      if (error && typeof error.message === 'string') error.message = contractMessage(error.message);
    }
    return result;
  };
}
