import { describe, expect, it } from 'vitest';
import { adminAccessOf, canEnter, homeFor, roleOf } from './home-for';

describe('where each kind of user lands', () => {
  it.each([
    [{ type: 200 }, 'patient', '/patient'],
    [{ type: 400 }, 'provider', '/provider'],
    [{ type: 100 }, 'admin', '/admin'],
    [{ type: 400, roles: ['clinic_admin'] }, 'admin', '/admin'],
    [{ type: 600 }, 'guest', '/patient/visits'],
  ])('%j is a %s and lands on %s', (profile, role, home) => {
    expect(roleOf(profile)).toBe(role);
    expect(homeFor(profile)).toBe(home);
  });

  it('lets clinic administrators use the provider dashboard and keeps everyone else in their area', () => {
    const roles = { rolesOffered: true };
    expect(canEnter('provider', { type: 400, roles: ['clinic_admin'] }, roles)).toBe(true);
    expect(canEnter('provider', { type: 100 }, roles)).toBe(true);
    expect(canEnter('admin', { type: 400 }, roles)).toBe(false);
    expect(canEnter('patient', { type: 600 }, roles)).toBe(true);
    expect(canEnter('provider', { type: 200 }, roles)).toBe(false);
  });

  it('lets a provider try the admin area only where profiles carry no roles', () => {
    expect(adminAccessOf({ type: 400 }, { rolesOffered: true })).toBe('no');
    expect(adminAccessOf({ type: 400 }, { rolesOffered: false })).toBe('ask');
    expect(adminAccessOf({ type: 400 }, { rolesOffered: false, tokenAccepted: true })).toBe('yes');
    expect(adminAccessOf({ type: 100 }, { rolesOffered: false })).toBe('yes');
    expect(adminAccessOf({ type: 200 }, { rolesOffered: false, tokenAccepted: true })).toBe('no');
    expect(canEnter('admin', { type: 400 }, { rolesOffered: false })).toBe(true);
    expect(canEnter('admin', { type: 200 }, { rolesOffered: false })).toBe(false);
  });
});
