// The camera screen of a tenant without the event kit's camera parts: the spec's camera, with
// react-webcam loaded with the page (the preview shows at once).
import Webcam from 'react-webcam';
import { CameraScreen, type CameraProps } from '../components/CameraScreen.tsx';

export default function Camera(props: CameraProps) {
  return <CameraScreen {...props} Webcam={Webcam} />;
}
