import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadApart } from '../../../src/lib/load-apart.ts';

const Greeting = ({ name }: { name: string }) => createElement('p', null, `Hello ${name}`);

describe('a component whose code loads apart', () => {
  it('loads its code once, however often it is asked for', async () => {
    let loads = 0;
    const apart = loadApart(async () => {
      loads += 1;
      return Greeting;
    });
    await Promise.all([apart.preload(), apart.preload()]);
    await apart.preload();
    expect(loads).toBe(1);
  });

  it('renders at once, without waiting, once its code has loaded', async () => {
    const apart = loadApart(async () => Greeting);
    await apart.preload();
    expect(renderToString(createElement(apart.Component, { name: 'Ada' }))).toBe('<p>Hello Ada</p>');
  });
});
