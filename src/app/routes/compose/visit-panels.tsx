import type { Visit } from '@/api/visits/schemas';

/**
 * Panels other features add to a visit page (the e-consult message thread, for one). The visit
 * page renders this; features fill it in here so they never import each other.
 */
export function VisitExtraPanels({ visit }: { visit: Visit; viewer: 'patient' | 'provider' }) {
  void visit;
  return null;
}
