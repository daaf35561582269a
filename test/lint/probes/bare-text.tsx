// Each line marked `bare` is one words/no-bare-text error; the others are fine.
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';

export function Probe({ name, busy }: { name: string; busy: boolean }) {
  return (
    <section className="probe-panel" id="probe" data-state="open">
      <h2>Your visits</h2>
      {/* bare ↑ */}
      <p>{'Book a visit'}</p>
      {/* bare ↑ */}
      <input aria-label="Search" placeholder={busy ? 'Searching' : t`Search by name`} type="search" />
      {/* bare ↑ twice */}
      <img alt={`Photo`} src="/a.png" />
      {/* bare ↑ */}
      <Field label="Phone" hint={t`With the area code`} name="phone" />
      {/* bare ↑ */}
      <button type="button" title={t`Close`}>
        <Trans>
          Save <strong>{name}</strong>
        </Trans>
      </button>
      <p>{name}</p>
      <span>·</span>
    </section>
  );
}

function Field(props: { label: string; hint: string; name: string }) {
  return <span data-name={props.name}>{props.label}</span>;
}
