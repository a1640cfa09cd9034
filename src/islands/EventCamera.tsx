// The camera screen of a tenant with consent, a countdown or Choose a photo
// (contract/event-kit.ts): the camera with those parts. Only such tenants' pages load their code.
// react-webcam loads as the preview first shows: after consent, where the tenant asks for it
// (the camera is not opened before), else as the page's code has run.
import { lazy } from 'react';
import type Webcam from 'react-webcam';
import { CameraScreen, type CameraProps } from '../components/CameraScreen.tsx';
import { ChoosePhoto } from '../components/ChoosePhoto.tsx';
import { ConsentForm } from '../components/ConsentForm.tsx';
import { Countdown } from '../components/Countdown.tsx';

// A class component behind React.lazy keeps its ref (the screen calls its getScreenshot).
const LazyWebcam = lazy(() => import('react-webcam')) as unknown as typeof Webcam;

export default function EventCamera(props: CameraProps) {
  return (
    <CameraScreen
      {...props}
      Webcam={LazyWebcam}
      ConsentForm={ConsentForm}
      ChoosePhoto={ChoosePhoto}
      Countdown={Countdown}
    />
  );
}
