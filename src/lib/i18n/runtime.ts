import { i18n } from '@telehealth/client/i18n';
import { formatLocale } from '@/lib/locale';

/**
 * The app's translator: the typed client's (so the client's own sentences and the app's share one
 * language), formatting in the page's locale.
 */
export {
  i18n,
  Translator,
  type Compiled,
  type Descriptor,
  type Messages,
  type Token,
  type Values,
} from '@telehealth/client/i18n';

i18n.formatIn(formatLocale);
