/** Fullscreen and dev-tools checks of the exam page: what counts as leaving fullscreen and as open tools. */
import { describe, expect, it } from 'vitest';
import { createDevtoolsWatch, createFullscreenWatch } from './screen-watch';

describe('createFullscreenWatch', () => {
  it('asks to enter until fullscreen is on, then reports each exit once', () => {
    const w = createFullscreenWatch();
    expect(w.check(false)).toBe('enter');
    expect(w.check(true)).toBe('ok');
    expect(w.check(true)).toBe('ok');
    expect(w.check(false)).toBe('left');
    expect(w.check(false)).toBe('enter');
    expect(w.check(true)).toBe('ok');
    w.reset();
    expect(w.check(false)).toBe('enter');
  });
});

describe('createDevtoolsWatch', () => {
  const size = (outerWidth: number, innerWidth: number, outerHeight = 800, innerHeight = 700) => ({ outerWidth, innerWidth, outerHeight, innerHeight });

  it('judges tools open when the outer/inner gap grows by more than 300 px on two checks in a row', () => {
    const w = createDevtoolsWatch();
    expect(w.check(size(1400, 1380))).toBe(false);
    expect(w.check(size(1400, 1000))).toBe(false); // first sight: could be a resize
    expect(w.check(size(1400, 1000))).toBe(true);
    const h = createDevtoolsWatch();
    h.check(size(1400, 1380));
    h.check(size(1400, 1380, 800, 300));
    expect(h.check(size(1400, 1380, 800, 300))).toBe(true);
  });

  it('has no false positives: headless windows, a test browser emulating a small viewport, a gap of 300 px, a passing resize', () => {
    const headless = createDevtoolsWatch();
    for (let i = 0; i < 3; i++) expect(headless.check(size(0, 375, 0, 667))).toBe(false);
    const emulated = createDevtoolsWatch();
    for (let i = 0; i < 3; i++) expect(emulated.check(size(1280, 375, 720, 667))).toBe(false);
    const edge = createDevtoolsWatch();
    edge.check(size(1400, 1400));
    expect(edge.check(size(1400, 1100))).toBe(false);
    expect(edge.check(size(1400, 1100))).toBe(false);
    const blip = createDevtoolsWatch();
    blip.check(size(1400, 1400));
    expect(blip.check(size(1400, 900))).toBe(false);
    expect(blip.check(size(1400, 1400))).toBe(false);
    expect(blip.check(size(1400, 900))).toBe(false);
  });
});
