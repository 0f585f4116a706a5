// What a presence answer means (pure): Hado's {"present": …} contract, and
// a configured field such as Home Assistant's {"state": "home"}.
import { describe, expect, it } from 'vitest';
import { presenceFromAnswer, presenceRule } from '../../src/channels/webhook/presence-answer.ts';

describe('presenceFromAnswer', () => {
  it.each([
    [{ present: true }, 'present'],
    [{ present: false }, 'absent'],
    [{ present: 'yes' }, 'unknown'],
    [{ present: 1 }, 'unknown'],
    [{}, 'unknown'],
    [{ state: 'home' }, 'unknown'],
    [[true], 'unknown'],
    [null, 'unknown'],
    ['present', 'unknown'],
  ])('without a rule: %j → %s', (body, expected) => {
    expect(presenceFromAnswer(body, null)).toBe(expected);
  });

  const ha = { field: 'state', present: ['home'] };
  it.each([
    [{ state: 'home', attributes: {} }, 'present'],
    [{ state: 'not_home' }, 'absent'],
    [{ state: 'Office' }, 'absent'],
    [{ state: 'Home' }, 'absent'],
    [{ state: null }, 'absent'],
    [{ state: ['home'] }, 'absent'],
    [{ entity_id: 'person.nikita' }, 'unknown'],
    [{ present: true }, 'unknown'],
    [[], 'unknown'],
    [null, 'unknown'],
  ])('with state ∈ ["home"]: %j → %s', (body, expected) => {
    expect(presenceFromAnswer(body, ha)).toBe(expected);
  });

  it('compares numbers and booleans exactly, and reads only own fields', () => {
    expect(presenceFromAnswer({ occupied: 1 }, { field: 'occupied', present: [1, true] })).toBe('present');
    expect(presenceFromAnswer({ occupied: '1' }, { field: 'occupied', present: [1, true] })).toBe('absent');
    expect(presenceFromAnswer({ occupied: true }, { field: 'occupied', present: [1, true] })).toBe('present');
    expect(presenceFromAnswer({}, { field: 'toString', present: ['x'] })).toBe('unknown');
    expect(presenceFromAnswer({}, { field: '__proto__', present: ['x'] })).toBe('unknown');
  });

  it('presenceRule reads the config, or none', () => {
    expect(presenceRule({ presence_url: 'x' })).toBeNull();
    expect(presenceRule({ presence_field: 'state', presence_present: ['home', 'work'] })).toEqual({ field: 'state', present: ['home', 'work'] });
  });
});
