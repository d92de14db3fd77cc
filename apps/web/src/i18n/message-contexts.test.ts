import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { afterEach, describe, expect, it } from 'vitest';
import { stateText } from '../features/dose-page/dose-page.model';
import { inLanguage } from '../test/languages';

// Issue 54: translators flagged English words with two meanings; each meaning has its context, so
// a language that says them differently can (the same descriptors as the screens').
const taken = { name: 'A', dosage: '', taken: true };
const column = msg({
  message: 'Taken',
  context: 'column',
  comment: 'A table column: how many doses were taken',
});
const neverUsed = msg({ message: 'Never', context: 'never used', comment: 'Last used: never' });
const neverExpires = msg({ message: 'Never', context: 'never expires', comment: 'Expires: never' });
const personName = msg({
  message: 'Name',
  context: 'a person',
  comment: 'The person’s own name, at registration',
});
const tokenName = msg({
  message: 'Name',
  context: 'an access token',
  comment: 'What the person calls a new access token',
});

describe('one English word, two meanings (issue 54)', () => {
  afterEach(() => inLanguage('en'));

  it('reads the same in English', () => {
    expect([stateText(taken), i18n._(column)]).toEqual(['Taken', 'Taken']);
    expect([i18n._(neverUsed), i18n._(neverExpires)]).toEqual(['Never', 'Never']);
  });

  it('reads each meaning its own way where a language tells them apart', async () => {
    await inLanguage('es');
    expect([stateText(taken), i18n._(column)]).toEqual(['Tomada', 'Tomadas']);
    await inLanguage('zh-Hans');
    expect([i18n._(neverUsed), i18n._(neverExpires)]).toEqual(['从未使用', '永不过期']);
    expect([i18n._(personName), i18n._(tokenName)]).toEqual(['名字', '名称']);
  });
});
