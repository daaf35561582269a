import './mock-panel.css';
import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { resetMock, setFaults, type Fault } from '@telehealth/client/dev/requests';
import { Button } from '@/components/ui/button';
import { currentMockNotice, subscribeMockNotice } from './mock-notice';

/**
 * Development panel (mock mode only): reset the demo data, or make a chosen route fail or hang
 * so error and loading states are easy to see.
 */
export default function MockPanel() {
  const queryClient = useQueryClient();
  const [isOpen, setOpen] = useState(false);
  const [path, setPath] = useState('/rooms');
  const [mode, setMode] = useState<Fault['mode']>('fail');
  const [active, setActive] = useState<Fault[]>([]);
  const [note, setNote] = useState('');
  const storageProblem = useSyncExternalStore(subscribeMockNotice, currentMockNotice);

  const apply = async (next: Fault[]) => {
    setActive(await setFaults(next));
    await queryClient.invalidateQueries();
  };

  return (
    <aside className="mock-panel" aria-label="Mock backend controls">
      <Button variant="secondary" aria-expanded={isOpen} onClick={() => setOpen((o) => !o)}>
        Mock backend
      </Button>
      {/* Outside the collapsible body: a storage problem is shown even while the panel is closed. */}
      {storageProblem ? <p role="alert">{storageProblem}</p> : null}
      {isOpen ? (
        <div className="mock-panel-body">
          <Button
            variant="danger"
            onClick={() => {
              void resetMock().then(async () => {
                setNote('Demo data reset.');
                await queryClient.invalidateQueries();
              });
            }}
          >
            Reset demo data
          </Button>
          <form
            onSubmit={(event) => {
              event.preventDefault();
              void apply([...active, { method: '*', path, mode }]);
            }}
          >
            <label>
              Path contains
              <input value={path} onChange={(e) => setPath(e.target.value)} />
            </label>
            <label>
              Make it
              <select value={mode} onChange={(e) => setMode(e.target.value as Fault['mode'])}>
                <option value="fail">fail (500)</option>
                <option value="hang">hang</option>
                <option value="offline">drop the connection</option>
              </select>
            </label>
            <Button type="submit" variant="secondary">
              Add failure
            </Button>
          </form>
          {active.length ? (
            <>
              <ul>
                {active.map((f, i) => (
                  <li key={`${f.path}-${i}`}>
                    {f.path}: {f.mode}
                  </li>
                ))}
              </ul>
              <Button variant="link" onClick={() => void apply([])}>
                Clear failures
              </Button>
            </>
          ) : null}
          <p role="status">{note}</p>
        </div>
      ) : null}
    </aside>
  );
}
