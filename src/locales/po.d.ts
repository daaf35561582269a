declare module '*.po' {
  import type { Messages } from '@/lib/i18n/runtime';
  export const messages: Messages;
}
declare module '*.po?pseudo' {
  import type { Messages } from '@/lib/i18n/runtime';
  export const messages: Messages;
}
