// The camera screen of a tenant without consent or Choose a photo: the spec's camera (and a
// countdown, if the tenant has one), without the code of the event kit's other parts.
import { CameraView, type CameraProps } from '../components/CameraView.tsx';

export default function Camera(props: CameraProps) {
  return <CameraView {...props} />;
}
