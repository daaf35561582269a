import { t } from '@lingui/core/macro';
import { chooseLanguage, currentLanguage, LANGUAGES } from '@/lib/i18n';

/**
 * The language switcher of the header and the sign-in page: each language named in itself, the one
 * shown pressed. The choice is remembered for this browser (src/lib/i18n/remembered.ts).
 */
export function LanguageSwitcher() {
  const current = currentLanguage();
  return (
    <div className="language-switcher" role="group" aria-label={t`Language`}>
      {LANGUAGES.map((language) => (
        <button
          key={language.code}
          type="button"
          lang={language.htmlLang}
          className="btn btn-link"
          aria-pressed={current === language.code}
          onClick={() => {
            if (current !== language.code) void chooseLanguage(language.code);
          }}
        >
          {language.name}
        </button>
      ))}
    </div>
  );
}
