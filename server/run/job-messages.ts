// What a visitor reads when a job ends ERROR for a reason of the booth's, not the engine's.
export const JOB_MESSAGES = {
  generic: 'Something went wrong while restyling your photo. Please try again.',
  timeout: 'Restyling your photo took too long. Please try again.',
  photoLost: 'Your photo was lost while the booth restarted. Please take it again.',
  /** The guest's words live in memory only: a restart forgets them. */
  wordsLost: 'Your words were not kept while the booth restarted. Please pick the style and type them again.',
  crashed: 'Restyling your photo failed several times. Please try again with another photo.',
  refused: "This style couldn't be made from your photo. Please try another style.",
  unavailable: "The style service isn't answering right now. Please try again in a minute.",
} as const;
