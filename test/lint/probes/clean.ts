// Linted as src/app/routes/probe.ts: what the boundaries allow (a feature through its index, shared layers).
import { paths } from '@/config/paths';
import { homeFor } from '@/features/auth';

export const probe = [paths.home(), homeFor];
sessionStorage.getItem('token');
