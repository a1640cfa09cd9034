// The camera screen of a tenant that asks for leads before the camera (contract/leads.ts): the
// event camera's parts and the lead form, which sends through the AI hub's client. Only such
// tenants' camera pages load this code, and the form, its rules and the AI hub's client load apart
// from the page's code (the camera page keeps within 80 KiB). react-webcam loads as the preview
// first shows, after the lead form (the camera is not opened before).
import { lazy } from 'react';
import type Webcam from 'react-webcam';
import { CameraScreen, type CameraParts, type CameraProps } from '../components/CameraScreen.tsx';
import { ChoosePhoto } from '../components/ChoosePhoto.tsx';
import { ConsentForm } from '../components/ConsentForm.tsx';
import { Countdown } from '../components/Countdown.tsx';

// A class component behind React.lazy keeps its ref (the screen calls its getScreenshot).
const LazyWebcam = lazy(() => import('react-webcam')) as unknown as typeof Webcam;
const LazyLeadForm = lazy(() => import('../components/LeadForm.tsx').then((m) => ({ default: m.LeadForm })));

const sendLead: CameraParts['sendLead'] = async (aiHost, tenant, lead) => {
  const { createAiHub } = await import('../lib/ai-hub.ts');
  return createAiHub(aiHost).sendLead(tenant, lead);
};

export default function LeadCamera(props: CameraProps) {
  return (
    <CameraScreen
      {...props}
      Webcam={LazyWebcam}
      ConsentForm={ConsentForm}
      ChoosePhoto={ChoosePhoto}
      Countdown={Countdown}
      LeadForm={LazyLeadForm}
      sendLead={sendLead}
    />
  );
}
