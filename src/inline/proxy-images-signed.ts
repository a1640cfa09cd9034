// The proxied images of a page whose image URLs the build signed (it was given a proxy key): only
// the sizes it signed can be asked, so each image asks for the smallest of them that covers the
// container, with its signature. The watching is ./proxy-images.ts's.
import { signedSizeFor } from '../../contract/proxy-url.ts';
import { run as watch, type Sizer } from './proxy-images.ts';

const signed: Sizer = (tokens, template, signatures, width, height) => {
  if (!signatures)
    return template.replace(tokens.widthToken!, String(width)).replace(tokens.heightToken!, String(height));
  const size = signedSizeFor({ width, height });
  return template
    .replace(tokens.signatureToken!, signatures.split(' ')[size.index]!)
    .replace(tokens.widthToken!, String(size.width))
    .replace(tokens.heightToken!, String(size.height));
};

export function run() {
  watch(signed);
}
