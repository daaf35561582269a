import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { PatientVisitList } from '@/features/visits';

export function Component() {
  return (
    <Page
      title={t`Your visits`}
      actions={
        <Link to={paths.patient.rooms()}>
          <Trans>Start a new visit</Trans>
        </Link>
      }
    >
      <PatientVisitList hrefFor={paths.patient.visit} />
    </Page>
  );
}
