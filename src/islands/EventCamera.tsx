// The camera screen of a tenant with consent, a countdown or Choose a photo
// (contract/event-kit.ts): the camera with those parts. Only such tenants' pages load their code.
import Camera, { type CameraProps } from './Camera.tsx';
import { ChoosePhoto } from '../components/ChoosePhoto.tsx';
import { ConsentForm } from '../components/ConsentForm.tsx';
import { Countdown } from '../components/Countdown.tsx';

export default function EventCamera(props: CameraProps) {
  return <Camera {...props} ConsentForm={ConsentForm} ChoosePhoto={ChoosePhoto} Countdown={Countdown} />;
}
