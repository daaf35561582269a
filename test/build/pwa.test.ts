import { describe, expect, it } from 'vitest';
import { appIdentity, maskableSvg, offlinePage, portalManifest, shortNameOf } from '../../build/pwa';

describe('the installable app’s identity', () => {
  it('a real build must name its clinic; a demo build names the mock’s', () => {
    expect(() => appIdentity({}, { demo: false })).toThrow(/VITE_APP_NAME: not set/);
    expect(appIdentity({}, { demo: true })).toMatchObject({
      name: 'Harborview Virtual Care',
      shortName: 'Harborview',
      themeColor: '#0b5c6b',
    });
  });

  it('names each bad variable in one message', () => {
    expect(() =>
      appIdentity(
        {
          VITE_APP_NAME: 'Clinic',
          VITE_APP_SHORT_NAME: 'Far too long a short name',
          VITE_THEME_COLOR: 'teal',
          VITE_APP_ICON: '/nowhere/icon.svg',
        },
        { demo: false },
      ),
    ).toThrow(/VITE_APP_SHORT_NAME[\s\S]*VITE_THEME_COLOR[\s\S]*VITE_APP_ICON: cannot read/);
  });

  it('shortens a name at a word, within 12 characters', () => {
    expect(shortNameOf('Harborview Virtual Care')).toBe('Harborview');
    expect(shortNameOf('St Anne Kids Clinic')).toBe('St Anne Kids');
    expect(shortNameOf('Supercalifragilistic Health')).toBe('Supercalifra');
  });
});

describe('the manifest and the offline page', () => {
  const identity = appIdentity(
    { VITE_APP_NAME: 'Rivera & Sons <Care>', VITE_THEME_COLOR: '#1D4F91' },
    { demo: false },
  );

  it('has what Chromium asks for: id, start URL, standalone, 192 and 512 icons and a maskable one', () => {
    const manifest = portalManifest(identity);
    expect(manifest).toMatchObject({ id: '/', start_url: '/', scope: '/', display: 'standalone' });
    expect(manifest.theme_color).toBe('#1d4f91');
    expect(manifest.icons.map((i) => `${i.sizes}/${i.purpose}`)).toEqual([
      '192x192/any',
      '512x512/any',
      '512x512/maskable',
    ]);
  });

  it('draws the maskable icon on the theme colour, inside the safe zone', () => {
    const svg = maskableSvg(identity);
    expect(svg).toContain('fill="#1d4f91"');
    expect(svg).toContain('x="20" y="20" width="60" height="60"');
  });

  it('writes the clinic name into the offline page as text, never as markup', () => {
    const html = offlinePage(identity);
    expect(html).toContain('<title>You are offline · Rivera &amp; Sons &lt;Care&gt;</title>');
    expect(html).not.toContain('<Care>');
    expect(html).not.toMatch(/\{\{\w+\}\}/);
    // No inline script or style (the production CSP allows neither).
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>|<style|\sstyle=|\son\w+=/);
  });
});
