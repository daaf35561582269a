import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { contrastRatio } from '@/lib/contrast';
import { Avatar, avatarTone, initialsOf } from './avatar';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

// Read from disk: the test runner hands CSS imports to modules as empty strings.
const css = readFileSync(resolve(process.cwd(), 'src/styles.css'), 'utf8');

describe('Avatar', () => {
  it('shows the photo when its address is safe', () => {
    render(<Avatar id="usr_1" name="Casey Morgan" photo="/photos/casey.png" alt="Casey Morgan" />);
    expect(screen.getByRole('img', { name: 'Casey Morgan' })).toHaveAttribute(
      'src',
      `${window.location.origin}/photos/casey.png`,
    );
  });

  it('falls back to initials when the photo address is unsafe', () => {
    render(<Avatar id="usr_1" name="Dr. Samira Okafor, MD" photo="javascript:alert(1)" alt="Samira" />);
    const avatar = screen.getByRole('img', { name: 'Samira' });
    expect(avatar.tagName).toBe('SPAN');
    expect(avatar).toHaveTextContent('SO');
    expect(avatar.className).toMatch(/avatar-tone-\d/);
  });

  it('gives one id the same tone every time and spreads ids over the tones', () => {
    expect(avatarTone(SEED_USERS.patient)).toBe(avatarTone(SEED_USERS.patient));
    const tones = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'].map(avatarTone));
    expect(tones.size).toBeGreaterThan(3);
  });

  it('keeps white initials at AA contrast on every tone', () => {
    const tones = [...css.matchAll(/\.avatar-tone-(\d) \{\s*background: (#[0-9a-f]{6});/g)];
    expect(tones).toHaveLength(8);
    for (const [, , hex] of tones) expect(contrastRatio('#ffffff', hex!)).toBeGreaterThanOrEqual(4.5);
  });

  it('takes initials from the first and last name', () => {
    expect(initialsOf('Casey Morgan')).toBe('CM');
    expect(initialsOf('Noah')).toBe('N');
    expect(initialsOf('')).toBe('?');
  });
});
