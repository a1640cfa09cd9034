// The camera screen of a tenant that asks for leads before the camera (contract/leads.ts): the
// event camera's parts and the lead form, which sends through the AI hub's client. Only such
// tenants' camera pages load this code. react-webcam loads as the preview first shows, after the
// lead form (the camera is not opened before).
import { lazy } from 'react';
import type Webcam from 'react-webcam';
import { CameraScreen, type CameraParts, type CameraProps } from '../components/CameraScreen.tsx';
import { ChoosePhoto } from '../components/ChoosePhoto.tsx';
import { ConsentForm } from '../components/ConsentForm.tsx';
import { Countdown } from '../components/Countdown.tsx';
import { LeadForm } from '../components/LeadForm.tsx';
import { createAiHub } from '../lib/ai-hub.ts';

// A class component behind React.lazy keeps its ref (the screen calls its getScreenshot).
const LazyWebcam = lazy(() => import('react-webcam')) as unknown as typeof Webcam;

const sendLead: CameraParts['sendLead'] = (aiHost, tenant, lead) => createAiHub(aiHost).sendLead(tenant, lead);

export default function LeadCamera(props: CameraProps) {
  return (
    <CameraScreen
      {...props}
      Webcam={LazyWebcam}
      ConsentForm={ConsentForm}
      ChoosePhoto={ChoosePhoto}
      Countdown={Countdown}
      LeadForm={LeadForm}
      sendLead={sendLead}
    />
  );
}
