import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The installable app (docs/decisions/0037-installable-portal.md): the web app manifest, its icons
 * and the offline page, made at build time from the deployment's name and colour. Only production
 * builds get them, with the service worker (src/sw/); mock and development builds leave the scope
 * to the mock's own worker.
 */

/** What a deployment says about itself to the browser (build-time variables, see .env.example). */
export interface AppIdentity {
  /** The clinic's name as the home screen and the install dialog show it. */
  name: string;
  /** At most 12 characters, under the icon. */
  shortName: string;
  /** The light theme's colour (browser chrome, the maskable icon's background). */
  themeColor: string;
  /** An SVG file drawn into the icons. */
  iconSvg: string;
}

/** The dark theme's page colour (src/styles.css `--c-bg` under prefers-color-scheme: dark). */
export const DARK_THEME_COLOR = '#0f1719';
/** The light theme's page colour (src/styles.css `--c-bg`). */
export const LIGHT_BACKGROUND = '#f6f8f9';

const DEFAULT_ICON = fileURLToPath(new URL('../public/favicon.svg', import.meta.url));
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
/** The mock's clinic, for builds that may stand in demo values (src/config/env-check.ts). */
export const DEMO_IDENTITY = { name: 'Harborview Virtual Care', themeColor: '#0b5c6b' } as const;

/** The short name: given, or the name's first word(s) that fit in 12 characters. */
export function shortNameOf(name: string): string {
  let short = '';
  for (const word of name.trim().split(/\s+/)) {
    const next = short ? `${short} ${word}` : word;
    if (next.length > 12) break;
    short = next;
  }
  return short || name.trim().slice(0, 12);
}

/**
 * Reads VITE_APP_NAME, VITE_APP_SHORT_NAME, VITE_THEME_COLOR and VITE_APP_ICON. A build that may use
 * demo values names the mock's clinic when they are unset; any other build must give the name.
 * Throws a message naming each bad or missing variable.
 */
export function appIdentity(
  env: Record<string, string | undefined>,
  { demo }: { demo: boolean },
): AppIdentity {
  const problems: string[] = [];
  const name = env.VITE_APP_NAME?.trim() || (demo ? DEMO_IDENTITY.name : '');
  if (!name) problems.push('VITE_APP_NAME: not set; the clinic name an installed portal shows');
  else if (name.length > 45) problems.push('VITE_APP_NAME: must be at most 45 characters');
  const shortName = env.VITE_APP_SHORT_NAME?.trim() || shortNameOf(name);
  if (shortName.length > 12) problems.push('VITE_APP_SHORT_NAME: must be at most 12 characters');
  const themeColor = env.VITE_THEME_COLOR?.trim() || DEMO_IDENTITY.themeColor;
  if (!HEX_COLOUR.test(themeColor)) problems.push('VITE_THEME_COLOR: must be a colour such as #0b5c6b');
  const iconPath = env.VITE_APP_ICON?.trim() || DEFAULT_ICON;
  let iconSvg = '';
  try {
    iconSvg = readFileSync(iconPath, 'utf8');
    if (!/<svg[\s>]/.test(iconSvg)) problems.push('VITE_APP_ICON: must be an SVG file');
  } catch {
    problems.push(`VITE_APP_ICON: cannot read ${iconPath}`);
  }
  if (problems.length) {
    throw new Error(['The installable app is misconfigured. Check these variables:', ...problems].join('\n'));
  }
  return { name, shortName, themeColor: themeColor.toLowerCase(), iconSvg };
}

export interface IconFile {
  fileName: string;
  size: number;
  purpose: 'any' | 'maskable';
}

/** The sizes browsers ask for: 192 and 512 (Chromium's install criteria), a maskable 512, Apple's 180. */
export const ICONS: readonly IconFile[] = [
  { fileName: 'icons/icon-192.png', size: 192, purpose: 'any' },
  { fileName: 'icons/icon-512.png', size: 512, purpose: 'any' },
  { fileName: 'icons/maskable-512.png', size: 512, purpose: 'maskable' },
];
export const APPLE_TOUCH_ICON: IconFile = {
  fileName: 'icons/apple-touch-icon.png',
  size: 180,
  purpose: 'any',
};

/** The manifest (https://www.w3.org/TR/appmanifest/), as vite-plugin-pwa writes it. */
export function portalManifest(identity: AppIdentity) {
  return {
    id: '/',
    name: identity.name,
    short_name: identity.shortName,
    description: `Visits, messages and your health record with ${identity.name}.`,
    lang: 'en',
    dir: 'ltr' as const,
    start_url: '/',
    scope: '/',
    display: 'standalone' as const,
    // The light theme's colours; the dark theme's come from index.html's media-dependent
    // theme-color (the manifest has no per-scheme colour that browsers read yet).
    theme_color: identity.themeColor,
    background_color: LIGHT_BACKGROUND,
    icons: ICONS.map((icon) => ({
      src: `/${icon.fileName}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.purpose,
    })),
  };
}

/**
 * The SVG drawn on a full-bleed square of the theme colour, inside the maskable safe zone (the
 * central circle of 80 % diameter: the artwork takes 60 % of the side, so no mask crops it).
 */
export function maskableSvg(identity: AppIdentity): string {
  const inner = Buffer.from(identity.iconSvg).toString('base64');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 100">',
    `<rect width="100" height="100" fill="${identity.themeColor}"/>`,
    `<image x="20" y="20" width="60" height="60" href="data:image/svg+xml;base64,${inner}"/>`,
    '</svg>',
  ].join('');
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const OFFLINE_DIR = new URL('./offline/', import.meta.url);
const readOffline = (file: string) => readFileSync(fileURLToPath(new URL(file, OFFLINE_DIR)), 'utf8');

/** The offline page with the clinic's name and colour filled in (text only, escaped). */
export function offlinePage(identity: AppIdentity): string {
  return readOffline('offline.html')
    .replaceAll('{{APP_NAME}}', escapeHtml(identity.name))
    .replaceAll('{{THEME_COLOR}}', identity.themeColor)
    .replaceAll('{{DARK_THEME_COLOR}}', DARK_THEME_COLOR);
}

/** index.html's theme colours for both themes and the Apple touch icon. */
export function headTags(identity: AppIdentity): string {
  return [
    `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${identity.themeColor}" />`,
    `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${DARK_THEME_COLOR}" />`,
    `<link rel="apple-touch-icon" href="/${APPLE_TOUCH_ICON.fileName}" />`,
  ].join('\n    ');
}

/**
 * Emits the icons (SVG drawn by resvg), the offline page with its script and style, and puts the
 * theme colours into index.html. The service worker's precache picks them all up afterwards.
 */
export function installableAssets(identity: AppIdentity): Plugin {
  return {
    name: 'portal-installable-assets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler: (html) => html.replace('</head>', `  ${headTags(identity)}\n  </head>`),
    },
    async generateBundle() {
      const { Resvg } = await import('@resvg/resvg-js');
      const draw = (svg: string, size: number) =>
        new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();
      for (const icon of [...ICONS, APPLE_TOUCH_ICON]) {
        const svg =
          icon.purpose === 'maskable' || icon === APPLE_TOUCH_ICON ? maskableSvg(identity) : identity.iconSvg;
        this.emitFile({ type: 'asset', fileName: icon.fileName, source: draw(svg, icon.size) });
      }
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: offlinePage(identity) });
      this.emitFile({ type: 'asset', fileName: 'offline.css', source: readOffline('offline.css') });
      this.emitFile({ type: 'asset', fileName: 'offline.js', source: readOffline('offline.js') });
    },
  };
}
