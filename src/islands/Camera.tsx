// Camera screen: mirrored live preview of the front camera, capture, retake, use.
import { useEffect, useRef, useState } from 'react';
import { navigate } from 'astro:transitions/client';
import { PREVIEW_MAX_HEIGHT_PX, SCREENSHOT_FORMAT, SCREENSHOT_QUALITY, TEXT } from '../../contract/constants.ts';
import { closeCamera, openCamera, screenshot } from '../lib/camera.ts';
import { cameraProblem, type CameraProblem } from '../lib/camera-problem.ts';
import { screenPath } from '../lib/paths.ts';
import { discardPhoto, takePhoto } from '../stores/photo.ts';

// What a screen reader hears as the camera changes state (the screen shows it).
const CAMERA_STARTING_TEXT = 'Starting the camera…';
const CAMERA_READY_TEXT = 'The camera is on.';
const PHOTO_TAKEN_TEXT = 'Photo taken.';

export default function Camera({ base }: { base: string }) {
  const video = useRef<HTMLVideoElement>(null);
  const [photo, setPhoto] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const live = !photo && !problem;
  const takeButton = useRef<HTMLButtonElement>(null);
  const useButton = useRef<HTMLButtonElement>(null);

  // The button just pressed goes away (Take Photo, Retake Photo): the focus goes on to the next
  // step instead of falling back to the page. A focus the visitor put elsewhere stays there.
  useEffect(() => {
    const lost = !document.activeElement || document.activeElement === document.body;
    const next = photo ? useButton.current : ready ? takeButton.current : null;
    if (lost && next) next.focus();
  }, [photo, ready]);

  // The camera is on while its preview shows: a photo taken turns it off, Retake on again.
  useEffect(() => {
    if (!live) return;
    let stream: MediaStream | null = null;
    let gone = false;
    openCamera().then(
      (opened) => {
        if (gone) return closeCamera(opened);
        stream = opened;
        if (video.current) video.current.srcObject = opened;
        setReady(true);
      },
      (error) => gone || setProblem(cameraProblem(error)),
    );
    return () => {
      gone = true;
      setReady(false);
      if (stream) closeCamera(stream);
    };
  }, [live]);

  const capture = () => {
    const shot = video.current && screenshot(video.current, SCREENSHOT_FORMAT, SCREENSHOT_QUALITY);
    if (shot) setPhoto(shot);
  };

  // Retake throws the photo away, also one chosen earlier and still held for the styles screen.
  const retake = () => {
    setPhoto(null);
    discardPhoto();
  };

  const chooseImage = () => {
    if (!photo) return;
    takePhoto(photo);
    void navigate(screenPath(base, 'styles'));
  };

  return (
    <div className="booth-camera">
      <h1>{TEXT.cameraHeading}</h1>
      {problem ? (
        <div className="booth-camera-problem" role="alert">
          <p className="booth-camera-problem-what">{problem.what}</p>
          <p>{problem.todo}</p>
        </div>
      ) : photo ? (
        <img className="booth-preview" src={photo} alt="Your photo" style={{ maxHeight: PREVIEW_MAX_HEIGHT_PX }} />
      ) : (
        <video
          ref={video}
          className="booth-preview"
          autoPlay
          muted
          playsInline
          style={{ maxHeight: PREVIEW_MAX_HEIGHT_PX, transform: 'scaleX(-1)' }}
          aria-label="Camera preview"
        />
      )}
      <p className="booth-visually-hidden" role="status">
        {problem ? '' : photo ? PHOTO_TAKEN_TEXT : ready ? CAMERA_READY_TEXT : CAMERA_STARTING_TEXT}
      </p>
      <div className="booth-actions">
        {problem ? null : photo ? (
          <>
            <button key="retake" type="button" className="booth-button" onClick={retake}>
              {TEXT.retakePhoto}
            </button>
            <button key="use" type="button" className="booth-button" onClick={chooseImage} ref={useButton}>
              {TEXT.useImage}
            </button>
          </>
        ) : (
          // Keys: a pressed button is replaced, not relabelled under the visitor's finger (a second
          // Enter on Take Photo would otherwise retake at once).
          <button key="take" type="button" className="booth-button" onClick={capture} disabled={!ready} ref={takeButton}>
            {TEXT.takePhoto}
          </button>
        )}
      </div>
    </div>
  );
}
