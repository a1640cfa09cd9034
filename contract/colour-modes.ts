// The colour spaces culori's own entry point registers for CSS (culori/css), re-exported one by
// one: that entry point pulls in every other function of the package, and the console's bundle
// shares colour.ts. Each name is written once, here; colour.ts registers everything this exports.
export {
  modeA98,
  modeHsl,
  modeHsv,
  modeHwb,
  modeLab,
  modeLab65,
  modeLch,
  modeLch65,
  modeLrgb,
  modeOklab,
  modeOklch,
  modeP3,
  modeProphoto,
  modeRec2020,
  modeRgb,
  modeXyz50,
  modeXyz65,
} from 'culori/fn';
