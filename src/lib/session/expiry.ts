/**
 * Token expiries arrive as UNIX seconds per the spec, but a server may send milliseconds or an
 * ISO string. Anything unreadable becomes null, which means "refresh when refused", never
 * "valid forever".
 */
export function normaliseExpiry(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) {
    return value > 1e11 ? Math.floor(value / 1000) : Math.floor(value);
  }
  if (typeof value === 'string' && value.trim()) {
    const trimmed = value.trim();
    if (/^\d+(\.\d+)?$/.test(trimmed)) return normaliseExpiry(Number(trimmed));
    const ms = Date.parse(trimmed);
    return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
  }
  return null;
}
