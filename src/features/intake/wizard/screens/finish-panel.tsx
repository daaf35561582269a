import { useRef, useState } from 'react';
import { isApiError } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { StepFailure } from '@/wizard';

export interface FinishPanelProps {
  /** The kind's last words ("Start my visit"). */
  label: string;
  roomName: string;
  hasAnswers: boolean;
  onStart: () => Promise<void>;
}

/**
 * Every intake step is passed (or there are none) and no visit exists yet: one button creates it.
 * A ref guards the click, so a double click starts once.
 */
export function FinishPanel({ label, roomName, hasAnswers, onStart }: FinishPanelProps) {
  const busy = useRef(false);
  const [isBusy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const start = () => {
    if (busy.current) return;
    busy.current = true;
    setBusy(true);
    setFailure(null);
    onStart()
      .catch((error: unknown) => setFailure(failureWords(error)))
      .finally(() => {
        busy.current = false;
        setBusy(false);
      });
  };
  return (
    <div className="finish-panel">
      {hasAnswers ? (
        <p>Your answers for {roomName} are saved.</p>
      ) : (
        <p>{roomName} needs no questions answered first.</p>
      )}
      <FormError message={failure} />
      <Button onClick={start} isBusy={isBusy} busyLabel="Please wait…">
        {label}
      </Button>
    </div>
  );
}

function failureWords(error: unknown): string {
  if (error instanceof StepFailure) return error.message;
  return isApiError(error) ? error.userMessage : 'Something went wrong. Please try again.';
}
