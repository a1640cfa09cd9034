// The camera screen of a tenant with consent or Choose a photo (contract/event-kit.ts): the
// camera with those parts. Only such tenants' pages load their code.
import { CameraView, type CameraProps } from '../components/CameraView.tsx';
import { ChoosePhoto } from '../components/ChoosePhoto.tsx';
import { ConsentForm } from '../components/ConsentForm.tsx';

export default function EventCamera(props: CameraProps) {
  return <CameraView {...props} ConsentForm={ConsentForm} ChoosePhoto={ChoosePhoto} />;
}
