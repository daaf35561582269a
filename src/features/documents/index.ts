export {
  DocumentsPanel,
  documentsFilter,
  DOCUMENTS_PAGE_SIZE,
  type DocumentsPanelProps,
} from './documents-panel';
