import { displayFileName, middleEllipsis } from './file-rules';

/**
 * A file name from anywhere (the user's disk, the server) shown as text only: isolated in
 * <bdi> so right-to-left override characters cannot disguise the extension around it,
 * shortened in the middle so the extension stays visible, with the full name as a tooltip.
 */
export function FileName({
  name,
  max = 48,
  className,
}: {
  name: string | null | undefined;
  max?: number;
  className?: string;
}) {
  const full = displayFileName(name);
  return (
    <bdi className={['file-name', className].filter(Boolean).join(' ')} title={full}>
      {middleEllipsis(full, max)}
    </bdi>
  );
}
