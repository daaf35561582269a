import { TransNoContext, type TransProps } from '@lingui/react/server';
import { i18n } from './index';

/**
 * The `<Trans>` the macro renders (lingui.config.ts `runtimeConfigModule`): it reads the one i18n
 * instance directly, so a component renders the same with or without a provider above it (tests,
 * pages rendered alone). A change of language re-renders the app (provider.tsx).
 */
export function Trans(props: TransProps) {
  return <TransNoContext {...props} lingui={{ i18n }} />;
}
