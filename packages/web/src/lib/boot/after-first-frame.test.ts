import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstFrame, FIRST_FRAME_WAIT_MS, linkFirstPageFiles } from './after-first-frame';

describe('the app after the first frame (issue 30)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    delete window.__driftboxEarly;
    document.head.querySelectorAll('link[data-test]').forEach((link) => link.remove());
  });

  it('runs in a task after the next frame has painted, not before', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const run = vi.fn();
    afterFirstFrame(run);
    vi.advanceTimersByTime(100);
    expect(run).not.toHaveBeenCalled();
    frames.splice(0).forEach((frame) => frame(0));
    expect(run).not.toHaveBeenCalled(); // inside the frame, before its paint
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledOnce();
  });

  it('runs anyway, once, when no frame comes to a page the browser calls visible', () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const run = vi.fn();
    afterFirstFrame(run);
    vi.advanceTimersByTime(FIRST_FRAME_WAIT_MS - 1);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledOnce();
    vi.runAllTimers();
    expect(run).toHaveBeenCalledOnce();
  });

  it('runs at once in a hidden tab, where no frame comes', () => {
    vi.stubGlobal('requestAnimationFrame', () => {
      throw new Error('no frame in a hidden tab');
    });
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const run = vi.fn();
    afterFirstFrame(run);
    expect(run).toHaveBeenCalledOnce();
  });

  it("links the first page's chunks and styles index.html's start-up script chose", () => {
    window.__driftboxEarly = { files: ['assets/page-1.js', 'assets/page-2.css'] };
    const before = document.head.querySelectorAll('link').length;
    linkFirstPageFiles();
    const links = [...document.head.querySelectorAll('link')].slice(before);
    links.forEach((link) => link.setAttribute('data-test', ''));
    expect(links.map((link) => [link.rel, link.getAttribute('href'), link.getAttribute('crossorigin')])).toEqual([
      ['modulepreload', '/assets/page-1.js', ''],
      ['stylesheet', '/assets/page-2.css', ''],
    ]);
  });

  it('links nothing when that script did not run (a policy that blocks inline scripts)', () => {
    const before = document.head.querySelectorAll('link').length;
    linkFirstPageFiles();
    expect(document.head.querySelectorAll('link')).toHaveLength(before);
  });
});
