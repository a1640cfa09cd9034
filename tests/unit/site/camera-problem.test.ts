import { describe, expect, it } from 'vitest';
import { cameraProblem as problemIn } from '../../../src/lib/camera-problem.ts';
import { SITE_TEXT } from '../../../contract/i18n/en.ts';
import { FR } from '../../../contract/i18n/fr.ts';

const cameraProblem = (error: Parameters<typeof problemIn>[0]) => problemIn(error, SITE_TEXT);

describe('a missing or refused camera', () => {
  it("explains 'getUserMedia not supported' and what to do", () => {
    const p = cameraProblem('getUserMedia not supported');
    expect(p.what).toMatch(/can't open a camera/);
    expect(p.todo).toMatch(/browser/);
  });
  it('tells a visitor who refused the camera to allow it in the browser settings', () => {
    expect(cameraProblem({ name: 'NotAllowedError' }).todo).toMatch(/Allow the camera .* browser settings/);
  });
  it('tells a visitor with no camera to use a device with one', () => {
    expect(cameraProblem({ name: 'NotFoundError' }).todo).toMatch(/device with a camera/);
  });
  it('always says something', () => {
    const p = cameraProblem({ name: 'SomethingNew' });
    expect(p.what.length).toBeGreaterThan(0);
    expect(p.todo.length).toBeGreaterThan(0);
  });
  it("is told in the page's language", () => {
    expect(problemIn({ name: 'NotAllowedError' }, FR.site)).toEqual({
      what: FR.site.cameraBlocked,
      todo: FR.site.cameraBlockedTodo,
    });
  });
});
