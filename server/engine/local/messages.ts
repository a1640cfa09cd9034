// The sentences a visitor reads when a job ends ERROR. Each says what to do next. They are the
// catalogue's (contract/i18n/): the AI hub answers each in the language of the page that asks.
import { GUEST_TEXT } from '../../../contract/i18n/en.ts';

export const ENGINE_MESSAGES = {
  noPerson: GUEST_TEXT.noPerson,
  unreadablePhoto: GUEST_TEXT.unreadablePhoto,
  photoTooLarge: GUEST_TEXT.photoTooLarge,
  unknownStyle: GUEST_TEXT.unknownStyle,
  notStarted: GUEST_TEXT.notStarted,
} as const;
