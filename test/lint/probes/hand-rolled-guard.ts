// Each guard below is refused in a screen: they submit through components/form.
export function guards(
  busy: { current: boolean },
  sending: { current: boolean },
  save: { isPending: boolean },
  picked: string | null,
) {
  if (busy.current) return;
  if (!picked || sending.current) return;
  if (save.isPending) return;
  if (!picked || save.isPending) return;
  const submitting = busy.current;
  if (submitting) return;
  // Not guards: a mounted check, and a pending branch that renders something.
  const mounted = { current: true };
  if (!mounted.current) return;
  if (save.isPending) return 'Loading…';
  return picked;
}
