// "Choose a photo": a photo from the device (camera roll, files) instead of the camera, made
// into the same JPEG the camera makes (src/lib/photo-file.ts, loaded once a file is chosen).
import { useRef } from 'react';

export interface ChoosePhotoProps {
  /** The button's words: "Choose a photo", or "Choose another photo" once one shows (the page's language). */
  label: string;
  onPhoto: (dataUrl: string) => void;
  onUnreadable: () => void;
}

export function ChoosePhoto({ label, onPhoto, onUnreadable }: ChoosePhotoProps) {
  const input = useRef<HTMLInputElement>(null);
  const chosen = () => {
    const file = input.current?.files?.[0];
    if (input.current) input.current.value = '';
    if (file)
      import('../lib/photo-file.ts').then(({ photoFromFile }) => photoFromFile(file)).then(onPhoto, onUnreadable);
  };
  return (
    <>
      <button type="button" className="booth-button" onClick={() => input.current?.click()}>
        {label}
      </button>
      <input ref={input} type="file" accept="image/*" hidden onChange={chosen} data-choose-photo />
    </>
  );
}
