/**
 * The file types the portal exchanges with the server, by extension: the type a file is sent and
 * served as, whether it is a picture, and whether a browser shows it inertly in a tab (no script
 * can run in it: no HTML, no SVG). The upload check, the viewer and the mock all read this list.
 */
export const FILE_TYPES = {
  pdf: { mime: 'application/pdf', isImage: false, isInline: true },
  png: { mime: 'image/png', isImage: true, isInline: true },
  jpg: { mime: 'image/jpeg', isImage: true, isInline: true },
  jpeg: { mime: 'image/jpeg', isImage: true, isInline: true },
  gif: { mime: 'image/gif', isImage: true, isInline: true },
  webp: { mime: 'image/webp', isImage: true, isInline: true },
  heic: { mime: 'image/heic', isImage: true, isInline: false },
  txt: { mime: 'text/plain', isImage: false, isInline: true },
  doc: { mime: 'application/msword', isImage: false, isInline: false },
  docx: {
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    isImage: false,
    isInline: false,
  },
} as const satisfies Record<string, { mime: string; isImage: boolean; isInline: boolean }>;

export type FileExtension = keyof typeof FILE_TYPES;
export type FileType = (typeof FILE_TYPES)[FileExtension];

/** The type of a lower-case extension without its dot (`pdf`), or undefined when it is not one we take. */
export function fileTypeOf(ext: string): FileType | undefined {
  return Object.hasOwn(FILE_TYPES, ext) ? FILE_TYPES[ext as FileExtension] : undefined;
}

/** Largest file the portal sends and the mock accepts (the spec names no limit). */
export const UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
