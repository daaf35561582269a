import { useState } from 'react';
import { safeResourceUrl } from '@/lib/safe-url';

/** Background colours for initials; each carries white text at 4.5:1 or better in both themes. */
const TONES = 8;

/** A stable tone for an id, so a person keeps the same colour on every page. */
export function avatarTone(id: string): number {
  let hash = 0;
  for (let i = 0; i < id.length; i += 1) hash = (hash * 31 + id.charCodeAt(i)) >>> 0;
  return hash % TONES;
}

/** Up to two initials from a name ("Samira Okafor" -> "SO"; "Dr. Samira Okafor" -> "SO"). */
export function initialsOf(name: string): string {
  const words = name
    .replace(/,.*$/, '')
    .split(/\s+/)
    .filter((w) => w && !/\.$/.test(w));
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return (
    letters
      .map((w) => Array.from(w ?? '')[0] ?? '')
      .join('')
      .toUpperCase() || '?'
  );
}

/**
 * A person's picture: their photo when its URL is safe (and loads), else their initials on a
 * colour derived from their id. Decorative by default (the name sits beside it); pass `alt`
 * when the picture stands alone.
 */
export function Avatar({
  id,
  name,
  photo,
  size = 40,
  alt,
  className,
}: {
  id: string;
  name: string;
  photo?: unknown;
  size?: number;
  alt?: string;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  const src = failed ? null : safeResourceUrl(photo);
  const classes = ['avatar', className].filter(Boolean).join(' ');
  const box = { width: size, height: size };
  if (src)
    return (
      <img
        className={classes}
        src={src}
        alt={alt ?? ''}
        width={size}
        height={size}
        onError={() => setFailed(true)}
      />
    );
  return (
    <span
      className={`${classes} avatar-initials avatar-tone-${avatarTone(id)}`}
      style={{ ...box, fontSize: Math.max(12, Math.round(size * 0.4)) }}
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
    >
      {initialsOf(name)}
    </span>
  );
}
