export { alertAttention, isAway, resetAttention, DEFAULT_TITLE_MARKER, type AttentionAlert } from './alert';
export { AttentionPrompt, type AttentionReason } from './attention-prompt';
export { isAudioUnlocked, playChime, unlockAudio } from './audio';
export {
  ATTENTION_PREFS_KEY,
  getAttentionPrefs,
  setAttentionPrefs,
  useAttentionPrefs,
  type AttentionPrefs,
} from './preferences';
export { useAttention, useAttentionOnChange, useClinicTitle, type ScreenAlert } from './use-attention';
export { ATTENTION_TEXT, attentionTag } from './words';
