import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useForm, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { roomQueries } from '@/api/rooms/queries';
import type { RoomProvider } from '@telehealth/client/rooms/schemas';
import { QueryState } from '@/components/feedback/query-state';
import { Avatar } from '@/components/ui/avatar';
import { providerIdOf, StepFrame, type StepScreenProps, useDraftDefaults } from '@/wizard';

/** The radio value of "whoever is free first"; saved as provider_id 0. */
export const FIRST_AVAILABLE = 'first-available';

const ProviderChoiceSchema = z.object({
  provider: z.string().min(1, { error: () => t`Choose a provider, or “First available”.` }),
});
type ProviderChoice = z.infer<typeof ProviderChoiceSchema>;

export function providerName(p: RoomProvider): string {
  const name =
    [p.title, p.first_name, p.last_name].filter(Boolean).join(' ').trim() || p.username || t`Provider`;
  return p.suffix ? `${name}, ${p.suffix}` : name;
}

function ProviderOptions({ providers }: { providers: RoomProvider[] }) {
  const { register, getFieldState, formState } = useFormContext<ProviderChoice>();
  const error = getFieldState('provider', formState).error?.message;
  return (
    <fieldset
      className="field field-radio choice-list"
      aria-describedby={error ? 'provider-error' : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend>
        <Trans>Who would you like to see?</Trans>
      </legend>
      <label className="choice">
        <input type="radio" value={FIRST_AVAILABLE} {...register('provider')} />
        <span className="choice-body">
          <span className="choice-title">
            <Trans>First available</Trans>
          </span>
          <span className="choice-detail">
            <Trans>Usually the shortest wait.</Trans>
          </span>
        </span>
      </label>
      {providers.map((p) => {
        return (
          <label key={p.id} className="choice">
            <input type="radio" value={p.id} {...register('provider')} />
            <Avatar id={String(p.id)} name={providerName(p)} photo={p.photo} size={48} />
            <span className="choice-body">
              <span className="choice-title">{providerName(p)}</span>
              {p.short_bio ? <span className="choice-detail">{p.short_bio}</span> : null}
            </span>
          </label>
        );
      })}
      {error ? (
        <p className="field-error" id="provider-error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** `provider`: pick one of the room's providers, or the first available. */
export function ProviderStep({ slug, room, intake, submitLabel, backHref, save }: StepScreenProps) {
  const providers = useQuery(roomQueries.providers(room.code));
  const defaultValues = useDraftDefaults<ProviderChoice>(slug, () => ({
    provider: providerIdOf(intake) ?? '',
  }));
  const form = useForm<ProviderChoice>({ resolver: zodResolver(ProviderChoiceSchema), defaultValues });

  return (
    <QueryState
      query={providers}
      label={t`Loading the providers…`}
      errorTitle={t`We could not load the providers`}
    >
      {(list) => (
        <StepFrame
          form={form}
          slug={slug}
          submitLabel={submitLabel}
          backHref={backHref}
          onValid={(values) =>
            // provider_id 0 clears an earlier choice: the visit goes to whoever is free first.
            save({ fields: { provider_id: values.provider === FIRST_AVAILABLE ? '0' : values.provider } })
          }
        >
          {list.length === 0 ? (
            <p>
              <Trans>No provider is listed for this room yet; the first available one will see you.</Trans>
            </p>
          ) : null}
          <ProviderOptions providers={list} />
        </StepFrame>
      )}
    </QueryState>
  );
}
