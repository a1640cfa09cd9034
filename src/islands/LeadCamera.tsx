// The camera screen of a tenant that asks for leads before the camera (contract/leads.ts): the
// event camera's parts and the lead form, which sends through the AI hub's client. Only such
// tenants' camera pages load this code.
import Camera, { type CameraParts, type CameraProps } from './Camera.tsx';
import { ChoosePhoto } from '../components/ChoosePhoto.tsx';
import { ConsentForm } from '../components/ConsentForm.tsx';
import { Countdown } from '../components/Countdown.tsx';
import { LeadForm } from '../components/LeadForm.tsx';
import { createAiHub } from '../lib/ai-hub.ts';

const sendLead: CameraParts['sendLead'] = (aiHost, tenant, lead) => createAiHub(aiHost).sendLead(tenant, lead);

export default function LeadCamera(props: CameraProps) {
  return (
    <Camera
      {...props}
      ConsentForm={ConsentForm}
      ChoosePhoto={ChoosePhoto}
      Countdown={Countdown}
      LeadForm={LeadForm}
      sendLead={sendLead}
    />
  );
}
