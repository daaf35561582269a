import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { RoomList } from '@/features/rooms';

const PageParam = z.coerce.number().int().positive().catch(1);

export function Component() {
  const [params] = useSearchParams();
  const page = PageParam.parse(params.get('page') ?? 1);
  return (
    <Page title={t`Start a visit`}>
      <p>
        <Trans>
          Choose the kind of care you need to see what it offers, who works there and whether it is open.
        </Trans>
      </p>
      <RoomList
        page={page}
        pageHref={(n) => (n > 1 ? `${paths.patient.rooms()}?page=${n}` : paths.patient.rooms())}
      />
    </Page>
  );
}
