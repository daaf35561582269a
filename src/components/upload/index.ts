export {
  FileUploader,
  type FileUploaderProps,
  type UploadContext,
  type UploadSummary,
} from './file-uploader';
export { FileName } from './file-name';
export {
  DOCUMENT_ACCEPT,
  IMAGE_ACCEPT,
  UPLOAD_MAX_BYTES,
  acceptAttribute,
  checkFile,
  displayFileName,
  extensionOf,
  formatBytes,
  middleEllipsis,
  sanitizeFileName,
  type AcceptMap,
  type FileRefusal,
} from './file-rules';
export { fileActionMessage, openFileInNewTab } from './open-file';
export { downloadNameOf, fileTitleOf, saveFileToDisk } from './save-file';
