/** The parts of a person the spec sends on users, visit members and providers. */
export interface NamedPerson {
  full_name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

/**
 * A person's name as shown: `full_name` when the server sends one, else first and last name,
 * else the fallback. The one place this rule lives.
 */
export function displayName(person: NamedPerson | null | undefined, fallback: string): string;
export function displayName(person: NamedPerson | null | undefined): string | null;
export function displayName(person: NamedPerson | null | undefined, fallback?: string): string | null {
  const full = person?.full_name?.trim();
  if (full) return full;
  const parts = [person?.first_name, person?.last_name].map((p) => p?.trim()).filter(Boolean);
  return parts.length ? parts.join(' ') : (fallback ?? null);
}
