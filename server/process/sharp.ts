// sharp as every thread of the booth's process uses it, set once: main.ts and each worker
// thread's script that reaches sharp import this module before anything else.
//
// libvips' operation cache keeps decoded images for reuse, but here every photo and every proxy
// size is new (the proxy keeps its own cache of answers): it would only hold memory. The cache is
// libvips' own, one for the whole process, and sharp turns it back on (50 MB, 100 items) in every
// thread that loads it; so each such thread turns it off again, here.
import sharp from 'sharp';

sharp.cache(false);
