import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { accountQueries } from '@/api/accounts/queries';
import { env } from '@/config/env';
import { contrastRatio } from '@/lib/contrast';
import { safeResourceUrl } from '@/lib/safe-url';

/** The clinic's account record (portal title, logo), shared by every page. */
export function useClinic() {
  return useQuery(accountQueries.detail(env.VITE_ACCOUNT_CODE));
}

const HEX = /^#[0-9a-f]{6}$/i;

function mix(hex: string, other: string, weight: number): string {
  const channel = (h: string, i: number) => parseInt(h.slice(i, i + 2), 16);
  return `#${[1, 3, 5]
    .map((i) => Math.round(channel(hex, i) * weight + channel(other, i) * (1 - weight)))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

/**
 * The light theme's primary colours from a clinic's brand colour, or null when the colour would
 * not keep text readable (white on it, it on the page, its dark shade on its tint: 4.5:1 each).
 */
export function brandPalette(color: unknown): { primary: string; dark: string; accent: string } | null {
  if (typeof color !== 'string' || !HEX.test(color)) return null;
  const primary = color.toLowerCase();
  const dark = mix(primary, '#000000', 0.75);
  const accent = mix(primary, '#ffffff', 0.12);
  const readable =
    contrastRatio('#ffffff', primary) >= 4.5 &&
    contrastRatio(primary, '#f6f8f9') >= 4.5 &&
    contrastRatio(dark, accent) >= 4.5;
  return readable ? { primary, dark, accent } : null;
}

/** Puts the clinic's colour on the page (light theme; the dark theme keeps its own tokens). */
export function useClinicColors() {
  const { data } = useClinic();
  const brandColor = data?.brand_color;
  useEffect(() => {
    // Keyed on the account's colour itself: the palette derived from it is a new object each render.
    const palette = brandPalette(brandColor);
    if (!palette) return;
    const root = document.documentElement.style;
    root.setProperty('--brand-primary', palette.primary);
    root.setProperty('--brand-primary-dark', palette.dark);
    root.setProperty('--brand-accent-bg', palette.accent);
    return () => {
      root.removeProperty('--brand-primary');
      root.removeProperty('--brand-primary-dark');
      root.removeProperty('--brand-accent-bg');
    };
  }, [brandColor]);
}

/** The clinic's logo (account `files`, code `logo`) and `portal_title`. */
export function ClinicBrand({ to }: { to?: string }) {
  const { data } = useClinic();
  useClinicColors();
  const title = data?.portal_title || data?.name || t`Clinic portal`;
  const logo = safeResourceUrl(data?.files?.find((f) => f.code === 'logo')?.path);
  const inner = (
    <>
      {logo ? <img src={logo} alt="" className="brand-logo" width={32} height={32} /> : null}
      <span className="brand-title">{title}</span>
    </>
  );
  // `title`: the whole name on hover where a long word of it ends in an ellipsis (styles.css).
  return to ? (
    <a href={to} className="brand" title={title}>
      {inner}
    </a>
  ) : (
    <span className="brand" title={title}>
      {inner}
    </span>
  );
}
