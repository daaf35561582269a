import type { RoomProvider } from '@/api/rooms/schemas';
import { safeResourceUrl } from '@/lib/safe-url';

export function providerName(
  provider: Pick<RoomProvider, 'title' | 'first_name' | 'last_name' | 'suffix' | 'username'>,
): string {
  const name = [provider.title, provider.first_name, provider.last_name].filter(Boolean).join(' ');
  const full = provider.suffix ? `${name}, ${provider.suffix}` : name;
  return full || provider.username || 'Provider';
}

/** The provider's photo when its URL is safe, else initials; decorative beside the name. */
export function ProviderPhoto({ provider, large = false }: { provider: RoomProvider; large?: boolean }) {
  const src = safeResourceUrl(provider.photo);
  const className = `provider-photo${large ? ' provider-photo-large' : ''}`;
  const size = large ? 96 : 56;
  if (src) return <img className={className} src={src} alt="" width={size} height={size} />;
  const initials = `${provider.first_name?.[0] ?? ''}${provider.last_name?.[0] ?? ''}` || '?';
  return (
    <span className={`${className} provider-initials`} aria-hidden="true">
      {initials}
    </span>
  );
}
