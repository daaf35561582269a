import { Trans } from '@lingui/react/macro';
import { droppedRows } from '@telehealth/client/common/dropped-rows';

/**
 * Says plainly that a list is incomplete: some of its rows came back in a form the portal could not
 * read and were left out (see `tolerantList`). Pass the list as the query returned it (`list`), or
 * every page or read a screen shows together (`lists`); nothing is shown when every row was read.
 */
export function DroppedRowsNotice({ list, lists = [] }: { list?: unknown; lists?: readonly unknown[] }) {
  const count = [list, ...lists].reduce<number>((sum, each) => sum + droppedRows(each), 0);
  if (count === 0) return null;
  return (
    <p className="muted" role="status">
      <Trans>
        Some items could not be shown. Please try again later, or contact the clinic if this keeps happening.
      </Trans>
    </p>
  );
}
