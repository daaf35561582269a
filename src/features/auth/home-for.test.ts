import { describe, expect, it } from 'vitest';
import { canEnter, homeFor, roleOf } from './home-for';

describe('where each kind of user lands', () => {
  it.each([
    [{ type: 200 }, 'patient', '/patient'],
    [{ type: 400 }, 'provider', '/provider'],
    [{ type: 100 }, 'provider', '/provider'],
    [{ type: 400, roles: ['clinic_admin'] }, 'admin', '/admin'],
    [{ type: 600 }, 'guest', '/patient/visits'],
  ])('%j is a %s and lands on %s', (profile, role, home) => {
    expect(roleOf(profile)).toBe(role);
    expect(homeFor(profile)).toBe(home);
  });

  it('lets clinic administrators use the provider dashboard and keeps everyone else in their area', () => {
    expect(canEnter('provider', { type: 400, roles: ['clinic_admin'] })).toBe(true);
    expect(canEnter('admin', { type: 400 })).toBe(false);
    expect(canEnter('patient', { type: 600 })).toBe(true);
    expect(canEnter('provider', { type: 200 })).toBe(false);
  });
});
