/**
 * `npm run test:i18n`: extraction leaves no change on a clean tree. Runs `lingui extract` into a copy
 * of src/locales and fails, naming the files, when what it writes differs from what is committed
 * (a message added to the code without `npm run i18n:extract`, or one left behind).
 */
import { cataloguesIn, changedBy, extracted, LOCALES_DIR } from './catalogues';

const changed = changedBy(extracted(LOCALES_DIR), cataloguesIn(LOCALES_DIR));
if (changed.length > 0) {
  console.error(
    `extraction would change ${changed.join(', ')} in src/locales: run npm run i18n:extract, fill in the Spanish, and commit the catalogues.`,
  );
  process.exit(1);
}
console.log('catalogues: extraction leaves src/locales as committed');
