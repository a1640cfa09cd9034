// Camera screen: mirrored live preview of the front camera, capture, retake, use.
import { useCallback, useRef, useState } from 'react';
import Webcam from 'react-webcam';
import { navigate } from 'astro:transitions/client';
import {
  CAMERA_FACING_MODE,
  CAMERA_IDEAL_HEIGHT,
  CAMERA_IDEAL_WIDTH,
  PREVIEW_MAX_HEIGHT_PX,
  SCREENSHOT_FORMAT,
  SCREENSHOT_QUALITY,
  TEXT,
} from '../../contract/constants.ts';
import { cameraProblem, type CameraProblem } from '../lib/camera-problem.ts';
import { screenPath } from '../lib/paths.ts';
import { takePhoto } from '../stores/photo.ts';

const videoConstraints = {
  facingMode: CAMERA_FACING_MODE,
  width: { ideal: CAMERA_IDEAL_WIDTH },
  height: { ideal: CAMERA_IDEAL_HEIGHT },
};

export default function Camera({ base }: { base: string }) {
  const webcam = useRef<Webcam>(null);
  const [photo, setPhoto] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [problem, setProblem] = useState<CameraProblem | null>(null);

  const capture = useCallback(() => {
    const shot = webcam.current?.getScreenshot();
    if (shot) setPhoto(shot);
  }, []);

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
        <Webcam
          ref={webcam}
          className="booth-preview"
          audio={false}
          mirrored
          forceScreenshotSourceSize
          screenshotFormat={SCREENSHOT_FORMAT}
          screenshotQuality={SCREENSHOT_QUALITY}
          videoConstraints={videoConstraints}
          style={{ maxHeight: PREVIEW_MAX_HEIGHT_PX }}
          aria-label="Camera preview"
          onUserMedia={() => setReady(true)}
          onUserMediaError={(error) => setProblem(cameraProblem(error))}
        />
      )}
      <div className="booth-actions">
        {problem ? null : photo ? (
          <>
            <button type="button" className="booth-button" onClick={() => setPhoto(null)}>
              {TEXT.retakePhoto}
            </button>
            <button type="button" className="booth-button" onClick={chooseImage}>
              {TEXT.useImage}
            </button>
          </>
        ) : (
          <button type="button" className="booth-button" onClick={capture} disabled={!ready}>
            {TEXT.takePhoto}
          </button>
        )}
      </div>
    </div>
  );
}
