import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { userQueries } from '@/api/users/queries';
import type { Profile } from '@telehealth/client/users/schemas';
import { HomeCard } from '@/components/layout/home-card';
import { paths } from '@/config/paths';

/** Profile fields an e-prescription needs (the patient's identity and address). */
const ERX_FIELDS = [
  'dob',
  'phone',
  'street_addr',
  'city',
  'state',
  'zip',
] as const satisfies readonly (keyof Profile)[];

/** What the profile says is still to do: accept the terms, complete the profile for e-prescribing. */
export function profileTodos(me: Profile): { key: string; text: string; to: string; action: string }[] {
  const todos = [];
  if (!me.tos)
    todos.push({
      key: 'terms',
      text: t`Read and accept the terms of service.`,
      to: paths.terms(paths.patient.home()),
      action: t`Review the terms`,
    });
  const missing = ERX_FIELDS.filter((f) => !String(me[f] ?? '').trim());
  if (missing.length)
    todos.push({
      key: 'profile',
      text: t`Add your date of birth, phone and address so a provider can send prescriptions to your pharmacy.`,
      to: paths.patient.profile(),
      action: t`Complete your profile`,
    });
  return todos;
}

/** Home panel: things to do on the profile; absent when there is nothing to do. */
export function ProfileTodosPanel() {
  const me = useQuery(userQueries.me());
  const todos = me.data ? profileTodos(me.data) : [];
  if (me.isSuccess && todos.length === 0) return null;
  return (
    <HomeCard title={t`Things to do`} queries={[me]}>
      <ul className="home-list">
        {todos.map((todo) => (
          <li key={todo.key} className="home-todo">
            <p>{todo.text}</p>
            <Link className="btn btn-secondary" to={todo.to}>
              {todo.action}
            </Link>
          </li>
        ))}
      </ul>
    </HomeCard>
  );
}
