import { t } from '@lingui/core/macro';
import type { RoomProvider } from '@telehealth/client/rooms/schemas';
import { Avatar } from '@/components/ui/avatar';

export function providerName(
  provider: Pick<RoomProvider, 'title' | 'first_name' | 'last_name' | 'suffix' | 'username'>,
): string {
  const name = [provider.title, provider.first_name, provider.last_name].filter(Boolean).join(' ');
  const full = provider.suffix ? `${name}, ${provider.suffix}` : name;
  return (
    full || provider.username || t({ message: 'Provider', context: 'a provider whose name is not known' })
  );
}

/** The provider's photo when its URL is safe, else initials; decorative beside the name. */
export function ProviderPhoto({ provider, large = false }: { provider: RoomProvider; large?: boolean }) {
  return (
    <Avatar
      id={String(provider.id)}
      name={providerName(provider)}
      photo={provider.photo}
      size={large ? 96 : 56}
      className="provider-photo"
    />
  );
}
