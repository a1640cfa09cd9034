// The sentences a visitor reads when a job ends ERROR. Each says what to do next.
export const ENGINE_MESSAGES = {
  noPerson: "We couldn't find a person in the photo. Please try again facing the camera.",
  unreadablePhoto: "We couldn't read that photo. Please take it again.",
  photoTooLarge: 'That photo is too large for the booth. Please take it again with the booth camera.',
  unknownStyle: 'That style is not available any more. Please go back and pick another style.',
  notStarted: 'The booth is still warming up. Please try again in a moment.',
} as const;
