// Linted as src/features/documents/panels/probe.ts: a feature importing itself (relative) and shared layers.
import { formatDateTime } from '@/lib/dates';
import { DocumentsPanel } from '../documents-panel';

export const probe = [formatDateTime, DocumentsPanel];
