// Written by scripts/make-button-font.ts from DejaVuSans-Bold.ttf: do not edit.
// Each range: its first code point, then each character's advance in font units (base 36; 0: no glyph).
export const BUTTON_FONT = {
  name: 'DejaVu Sans Bold',
  unitsPerEm: 2048,
  /** What a character outside the ranges counts as: the font's widest letter. */
  fallback: 2390,
  ranges: [
    [
      0x20,
      'jt,py,tn,1bo,13l,1l0,1dm,hf,q0,q0,tr,1bo,lm,nm,lm,ks,13l,13l,13l,13l,13l,13l,13l,13l,13l,13l,mr,mr,1bo,1bo,1bo,x0,1kw,181,17d,15r,1b8,12v,12v,1ap,1bm,l6,l6,183,109,1km,1bm,1cd,15p,1cd,17t,14z,12t,1a7,181,1qr,17v,157,159,q0,ks,q0,1bo,sg,sg,12e,14q,xq,14q,12l,or,14q,14i,ji,ji,11u,ji,1na,14i,133,14q,14q,s2,xv,r7,14i,113,1gk,10p,113,x4,14i,ks,14i,1bo',
    ],
    [
      0xa0,
      'jt,py,13l,13l,107,13l,ks,sg,sg,1kw,w3,10r,1bo,0,1kw,sg,sg,1bo,ox,ox,sg,15v,107,lm,sg,ox,w3,10r,1mw,1mw,1mw,x0,181,181,181,181,181,181,1pq,15r,12v,12v,12v,12v,l6,l6,l6,l6,1bo,1bm,1cd,1cd,1cd,1cd,1cd,1bo,1cd,1a7,1a7,1a7,1a7,157,15z,14x,12e,12e,12e,12e,12e,12e,1nm,xq,12l,12l,12l,12l,ji,ji,ji,ji,133,14i,133,133,133,133,133,1bo,133,14i,14i,14i,14i,113,14q,113,181,12e,181,12e,181,12e,15r,xq,15r,xq,15r,xq,15r,xq,1b8,14q,1bo,14q,12v,12l,12v,12l,12v,12l,12v,12l,12v,12l,1ap,14q,1ap,14q,1ap,14q,1ap,14q,1bm,14i,1je,18y,l6,ji,l6,ji,l6,ji,l6,ji,l6,ji,16c,130,l6,ji,183,11u,11u,109,ji,109,ji,109,ra,109,vo,10j,l4,1bm,14i,1bm,14i,1bm,14i,1jx,1bm,14i,1cd,133,1cd,133,1cd,133,1ue,1q9,17t,s2,17t,s2,17t,s2,14z,xv,14z,xv,14z,xv,14z,xv,12t,r7,12t,r7,12t,r7,1a7,14i,1a7,14i,1a7,14i,1a7,14i,1a7,14i,1a7,14i,1qr,1gk,157,113,157,159,x4,159,x4,159,x4,or,14q,1a5,17d,14q,17d,14q,15r,15r,xq,1bo,1e0,172,14q,134,12v,1cb,13l,12v,or,1ap,194,1ng,os,m5,183,11u,ki,xo,1na,1bm,14i,1cd,1dp,133,1pl,1fw,18h,14q,17t,14z,xv,12v,ve,r7,147,r7,12t,1bj,14i,1cd,1aa,19d,18a,159,x4,17y,17y,10g,x4,13l,17y,10g,wl,14q,l6,11h,uy,l6,2gh,28c,21u,1lf,1jr,130,1ws,1v4,1o0,181,12e,l6,ji,1cd,133,1a7,14i,1a7,14i,1a7,14i,1a7,14i,1a7,14i,12l,181,12e,181,12e,1pq,1nm,1ap,14q,1ap,14q,183,11u,1cd,133,1cd,133,17y,x4,ji,2gh,28c,21u,1ap,14q,21b,18s,1bm,14i,181,12e,1pq,1nm,1cd,133,181,12e,181,12e,12v,12l,12v,12l,l6,ji,l6,ji,1cd,133,1cd,133,17t,s2,17t,s2,1a7,14i,1a7,14i,14z,xv,12t,r7,13a,yk,1bm,14i,1bm,1d7,1a1,11h,159,x4,181,12e,12v,12l,1cd,133,1cd,133,1cd,133,1cd,133,157,113,rz,1db,t4,ji,1pw,1pw,181,15r,xq,109,12t,xv,x4,18h,yy,17d,1a7,181,12v,12l,l6,ji,1cy,190,17t,s2,157,113',
    ],
    [
      0x2010,
      'nm,nm,13l,sg,1kw,1kw,sg,sg,lm,lm,lm,lm,11e,11e,11e,11e,sg,sg,10d,10d,iy,11y,1kw,jt,0,0,0,0,0,0,0,bd,29x,2zc,f0,pf,zu,f0,pf,zu,15p,ng,ng',
    ],
    [0x20ac, '13l'],
    [
      0x600,
      '0,0,0,0,0,0,11y,11y,0,1ea,1tu,0,lm,0,0,0,0,0,0,0,0,0,0,0,0,0,0,mr,0,0,0,x0,0,t3,ld,ld,zo,ld,1g5,ld,1o8,yi,1o8,1o8,150,150,150,wv,wv,ze,ze,28f,28f,25m,25m,1ox,1ox,12v,12v,0,0,0,0,0,jg,1vr,1fa,1gz,1es,18m,1f7,13g,zo,1lk,1lk,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,yq,yq,yq,yq,yq,yq,yq,yq,yq,yq,yq,l9,lm,v0,1o8,1fa,0,0,0,0,gm,0,0,0,0,1o8,1o8,1o8,1o8,1o8,1o8,1o8,1o8,150,150,150,150,150,150,150,wv,wv,wv,wv,wv,wv,wv,wv,wv,ze,ze,ze,ze,12r,ze,ze,ze,ze,28f,28f,28f,25m,25m,1ox,12v,1vr,1vr,1vr,1vr,1vr,1vr,1fa,1fa,1m9,20c,1m9,1gz,1g5,1gz,1m9,1m9,1m9,1m9,1m9,1m9,1es,1es,1es,1es,1f7,1f7,1f7,1f7,1f7,1hc,150,0,0,0,0,0,0,zo,zo,zo,0,0,zo,1lk,0,1lk,0,1lk,0,0,0,0,yi,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,yq,yq,yq,yq,yq,yq,yq,yq,yq,yq,0,0,0,0,0,0',
    ],
  ] as readonly (readonly [number, string])[],
} as const;
