import { t } from '@lingui/core/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useUploadFile } from '@/api/files/mutations';
import { fileQueries } from '@/api/files/queries';
import { listFiles } from '@telehealth/client/files/requests';
import { isApiError } from '@telehealth/client/errors';
import type { FileFilter, FileRecord } from '@telehealth/client/files/schemas';
import type { InsuranceAuth, InsuranceCardType } from '@telehealth/client/insurance/schemas';
import { useSingleFlight } from '@/components/form';
import { IMAGE_ACCEPT, UPLOAD_MAX_BYTES, acceptAttribute, checkFile } from '@/components/upload';
import { isHeifFile, mayPreparePhoto, preparePhoto } from '@/lib/photos';

export type CardSide = 'front' | 'back';

/**
 * Card photos are ordinary files (POST /files, category `user_document`) whose title names the
 * card and side: "Insurance card (primary), front". They show on the patient's documents page
 * too, and the newest file with that title is the card's photo (docs/spec-decisions.md). The title
 * is how the photo is found again, so it is stored in English whatever the page's language.
 */
export const photoTitle = (cardType: InsuranceCardType, side: CardSide) =>
  `Insurance card (${cardType}), ${side}`;

export const photoFilter = (userId: string): FileFilter => ({
  target_id: userId,
  target_type: 'user',
  category_type: 'user_document',
  include_shared: true,
});

function newestWithTitle(files: readonly FileRecord[], title: string): FileRecord | undefined {
  return files
    .filter((f) => (f.meta?.title ?? f.name) === title)
    .sort((a, b) => Number(b.created ?? 0) - Number(a.created ?? 0))[0];
}

/** The words of one photo slot, each a whole sentence (made when called). */
function slotWords(cardType: InsuranceCardType, side: CardSide) {
  if (cardType === 'primary')
    return side === 'front'
      ? {
          alt: t`Front of the card (primary card)`,
          add: t`Add a photo of the front`,
          replace: t`Replace the photo of the front`,
        }
      : {
          alt: t`Back of the card (primary card)`,
          add: t`Add a photo of the back`,
          replace: t`Replace the photo of the back`,
        };
  return side === 'front'
    ? {
        alt: t`Front of the card (secondary card)`,
        add: t`Add a photo of the front`,
        replace: t`Replace the photo of the front`,
      }
    : {
        alt: t`Back of the card (secondary card)`,
        add: t`Add a photo of the back`,
        replace: t`Replace the photo of the back`,
      };
}

/** "Front of the card: on file": the slot's state in one sentence. */
function slotState(side: CardSide, state: 'loading' | 'on_file' | 'none'): string {
  if (side === 'front')
    return state === 'loading'
      ? t`Front of the card: loading…`
      : state === 'on_file'
        ? t`Front of the card: on file`
        : t`Front of the card: no photo yet`;
  return state === 'loading'
    ? t`Back of the card: loading…`
    : state === 'on_file'
      ? t`Back of the card: on file`
      : t`Back of the card: no photo yet`;
}

/** The front and back photos of one card: shown, and (when editable) chosen and uploaded. */
export function CardPhotos({
  userId,
  cardType,
  auth = 'user',
  canEdit = true,
}: {
  userId: string;
  cardType: InsuranceCardType;
  auth?: InsuranceAuth;
  canEdit?: boolean;
}) {
  const filter = photoFilter(userId);
  // Under fileQueries.lists(), so an upload's invalidation refreshes it; the admin token reads
  // files for a patient, and the key says which caller it was.
  const files = useQuery({
    queryKey: [...fileQueries.lists(), filter, auth],
    queryFn: ({ signal }) => listFiles(filter, { signal, auth }),
  });
  return (
    <div className="card-photos" role="group" aria-label={t`Photos of the card`}>
      {(['front', 'back'] as const).map((side) => (
        <PhotoSlot
          key={side}
          userId={userId}
          cardType={cardType}
          side={side}
          auth={auth}
          canEdit={canEdit}
          file={files.data ? newestWithTitle(files.data, photoTitle(cardType, side)) : undefined}
          isLoading={files.isPending}
        />
      ))}
    </div>
  );
}

function PhotoSlot({
  userId,
  cardType,
  side,
  auth,
  canEdit,
  file,
  isLoading,
}: {
  userId: string;
  cardType: InsuranceCardType;
  side: CardSide;
  auth: InsuranceAuth;
  canEdit: boolean;
  file: FileRecord | undefined;
  isLoading: boolean;
}) {
  const inputId = useId();
  const upload = useUploadFile();
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [step, setStep] = useState<string | null>(null);
  const words = slotWords(cardType, side);

  const sending = useSingleFlight(async (chosen: File) => {
    // The rules judge the photo as chosen (type, 25 MB), before any work on it.
    const refusal = checkFile(chosen, { accept: IMAGE_ACCEPT, maxBytes: UPLOAD_MAX_BYTES });
    if (refusal) {
      setProblem(refusal.message);
      return;
    }
    setProblem(null);
    setNote(null);
    if (mayPreparePhoto(chosen)) {
      setStep(
        isHeifFile(chosen) ? t`converting the photo (this can take a few seconds)…` : t`preparing the photo…`,
      );
    }
    // HEIC becomes JPEG, a large photo is made smaller, location and other metadata are removed.
    const prepared = await preparePhoto(chosen);
    setStep(t`uploading…`);
    try {
      await upload.mutateAsync({
        input: {
          file: prepared.file,
          category: 'user_document',
          title: photoTitle(cardType, side),
          ...(auth === 'admin' ? { targetId: userId, targetType: 'user' as const } : {}),
        },
        options: { auth },
      });
      setNote(prepared.note);
    } catch (error) {
      const reason = isApiError(error) ? error.userMessage : t`Please try again.`;
      setProblem(t`The photo was not uploaded. ${reason}`);
    } finally {
      setStep(null);
    }
  });

  return (
    <figure className="card-photo">
      {file ? <PhotoImage file={file} alt={words.alt} /> : null}
      <figcaption>
        {slotState(side, isLoading ? 'loading' : file ? 'on_file' : 'none')}
        {sending.isBusy && step ? ` — ${step}` : null}
      </figcaption>
      {canEdit ? (
        <div className="field">
          <label htmlFor={inputId}>{file ? words.replace : words.add}</label>
          <input
            id={inputId}
            type="file"
            accept={acceptAttribute(IMAGE_ACCEPT)}
            disabled={sending.isBusy}
            aria-describedby={problem ? `${inputId}-error` : undefined}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              if (chosen) void sending.run(chosen);
              event.target.value = '';
            }}
          />
          {problem ? (
            <p className="field-error" id={`${inputId}-error`} role="alert">
              {problem}
            </p>
          ) : null}
          <p className="field-hint" role="status">
            {note}
          </p>
        </div>
      ) : null}
    </figure>
  );
}

function PhotoImage({ file, alt }: { file: FileRecord; alt: string }) {
  const canShow = typeof URL.createObjectURL === 'function';
  const bytes = useQuery({ ...fileQueries.thumbnail(file, '320x200'), enabled: canShow });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!bytes.data) return;
    const url = URL.createObjectURL(bytes.data);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [bytes.data]);
  return src ? <img src={src} alt={alt} /> : null;
}
