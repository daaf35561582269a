/**
 * Items other features add to the signed-in header (the notification badge, for one).
 * AreaLayout renders this beside the user menu.
 */
export function HeaderExtras({ area }: { area: 'patient' | 'provider' | 'admin' }) {
  void area;
  return null;
}
