import { useId } from 'react';
import type { AvailableSlot } from '@/api/slots/schemas';
import { Button } from '@/components/ui/button';
import { displayTime, partOfDay, type PartOfDay } from '../utils/days';

/** One open time as the picker offers it. */
export interface TimeChoice {
  slot: AvailableSlot;
  /** The slot's provider by name, when the patient did not choose one before. */
  who: string;
  /** "2 places left" for group consultations, else empty. */
  places: string;
  isSelected: boolean;
  onChoose: () => void;
}

/** "9:00 AM EST with Dr. Samira Okafor, 2 places left": the time in the viewer's zone first. */
export function TimeButton({ choice, zone }: { choice: TimeChoice; zone: string }) {
  return (
    <li>
      <Button
        variant={choice.isSelected ? 'primary' : 'secondary'}
        className="slot-time"
        aria-pressed={choice.isSelected}
        onClick={choice.onChoose}
      >
        <span>
          <span className="slot-time-at">{displayTime(choice.slot.slot_start, zone)}</span>
          {choice.who ? (
            <>
              {' '}
              <span className="slot-detail">with {choice.who}</span>
            </>
          ) : null}
          {choice.places ? (
            <>
              {', '}
              <span className="slot-detail">{choice.places}</span>
            </>
          ) : null}
        </span>
      </Button>
    </li>
  );
}

const PARTS: readonly { part: PartOfDay; title: string }[] = [
  { part: 'morning', title: 'Morning' },
  { part: 'afternoon', title: 'Afternoon' },
  { part: 'evening', title: 'Evening' },
];

function PartOfDayTimes({ title, choices, zone }: { title: string; choices: TimeChoice[]; zone: string }) {
  const id = useId();
  return (
    <section className="slot-part" aria-labelledby={id}>
      <h4 id={id}>{title}</h4>
      <ul className="slot-time-list">
        {choices.map((choice) => (
          <TimeButton key={choice.slot.slot_id} choice={choice} zone={zone} />
        ))}
      </ul>
    </section>
  );
}

/** A day's open times under Morning, Afternoon and Evening (on the viewer's clock); empty parts left out. */
export function DayTimes({ choices, zone }: { choices: TimeChoice[]; zone: string }) {
  return (
    <>
      {PARTS.map(({ part, title }) => {
        const inPart = choices.filter((choice) => partOfDay(choice.slot.slot_start, zone) === part);
        return inPart.length > 0 ? (
          <PartOfDayTimes key={part} title={title} choices={inPart} zone={zone} />
        ) : null;
      })}
    </>
  );
}
