import { Link } from 'react-router';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { PatientVisitList } from '@/features/visits';

export function Component() {
  return (
    <Page title="Your visits" actions={<Link to={paths.patient.rooms()}>Start a new visit</Link>}>
      <PatientVisitList hrefFor={paths.patient.visit} />
    </Page>
  );
}
