import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useId } from 'react';
import type { AvailableSlot } from '@telehealth/client/slots/schemas';
import { Button } from '@/components/ui/button';
import { i18n } from '@/lib/i18n';
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
  const who = choice.who;
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
              <span className="slot-detail">
                <Trans context="after a time on a slot button: 9:00 AM EST with Dr. Samira Okafor">
                  with {who}
                </Trans>
              </span>
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

const PARTS: readonly { part: PartOfDay; title: MessageDescriptor }[] = [
  { part: 'morning', title: msg`Morning` },
  { part: 'afternoon', title: msg`Afternoon` },
  { part: 'evening', title: msg`Evening` },
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
          <PartOfDayTimes key={part} title={i18n._(title)} choices={inPart} zone={zone} />
        ) : null;
      })}
    </>
  );
}
