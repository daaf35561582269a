import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { isApiError } from '@telehealth/client/errors';
import { useSingleFlight } from '@/components/form';
import { Button } from '@/components/ui/button';
import { FormError } from '@/components/ui/field';
import { StepFailure } from '@/wizard';

export interface FinishPanelProps {
  /** The kind's last words ("Join the waiting room"). */
  label: string;
  roomName: string;
  hasAnswers: boolean;
  onStart: () => Promise<void>;
}

/**
 * Every intake step is passed (or there are none) and no visit exists yet: one button creates it.
 * The click runs in a single flight, so a double click starts once.
 */
export function FinishPanel({ label, roomName, hasAnswers, onStart }: FinishPanelProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const start = useSingleFlight(async () => {
    setFailure(null);
    try {
      await onStart();
    } catch (error) {
      setFailure(failureWords(error));
    }
  });
  return (
    <div className="finish-panel">
      {hasAnswers ? (
        <p>
          <Trans>Your answers for {roomName} are saved.</Trans>
        </p>
      ) : (
        <p>
          <Trans>{roomName} needs no questions answered first.</Trans>
        </p>
      )}
      <FormError message={failure} />
      <Button onClick={() => void start.run()} isBusy={start.isBusy} busyLabel={t`Please wait…`}>
        {label}
      </Button>
    </div>
  );
}

function failureWords(error: unknown): string {
  if (error instanceof StepFailure) return error.message;
  return isApiError(error) ? error.userMessage : t`Something went wrong. Please try again.`;
}
