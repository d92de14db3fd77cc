import { describe, expect, it } from 'vitest';
import { avatarInitial, firstName, greetingForHour } from '../src/greeting';
import type { Greeting } from '../src/greeting';

describe('greetingForHour', () => {
  // Spec section 1: Morning 05:00–11:59, Afternoon 12:00–16:59, Evening 17:00–20:59, otherwise Night.
  it.each<[number, Greeting]>([
    [0, 'Good Night'],
    [3, 'Good Night'],
    [4, 'Good Night'],
    [5, 'Good Morning'],
    [8, 'Good Morning'],
    [11, 'Good Morning'],
    [12, 'Good Afternoon'],
    [14, 'Good Afternoon'],
    [16, 'Good Afternoon'],
    [17, 'Good Evening'],
    [20, 'Good Evening'],
    [21, 'Good Night'],
    [22, 'Good Night'],
    [23, 'Good Night'],
  ])('hour %i greets with %s', (hour, expected) => {
    expect(greetingForHour(hour)).toBe(expected);
  });
});

describe('firstName', () => {
  it.each<[string | null | undefined, string]>([
    ['Ada Lovelace', 'Ada'],
    ['Ada', 'Ada'],
    ['  Ada   Byron Lovelace  ', 'Ada'],
    ['Jean-Luc Picard', 'Jean-Luc'],
    ['Ada\tLovelace', 'Ada'],
    ['', ''],
    ['   ', ''],
    [null, ''],
    [undefined, ''],
  ])('firstName(%j) is %j', (name, expected) => {
    expect(firstName(name)).toBe(expected);
  });
});

describe('avatarInitial', () => {
  it.each<[string | null | undefined, string]>([
    ['Ada Lovelace', 'A'],
    ['ada lovelace', 'A'],
    ['  zoe', 'Z'],
    ['', '?'],
    ['   ', '?'],
    [null, '?'],
    [undefined, '?'],
  ])('avatarInitial(%j) is %j', (name, expected) => {
    expect(avatarInitial(name)).toBe(expected);
  });
});
