import { Fragment, useEffect, useState, type ReactNode } from 'react';
import { i18n } from './index';

/**
 * Shows the app in the chosen language. A change of language (the switcher) renders every mounted
 * page anew in the new one at once, while the data already read (the query cache), the session and
 * the drafts kept in this tab stay as they were.
 */
export function LanguageProvider({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState(i18n.locale);
  useEffect(() => i18n.on('change', () => setLocale(i18n.locale)), []);
  return <Fragment key={locale}>{children}</Fragment>;
}
