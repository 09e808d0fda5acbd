/**
 * Test doubles of the browser's service-worker machinery (jsdom has none): the page's
 * `navigator.serviceWorker` with one registration whose workers the test moves through their states, and
 * a count of the page's reloads. They stand in for the browser only; the app's code and Workbox run as is.
 */
import { onTestFinished, vi } from 'vitest';

export class FakeWorker extends EventTarget {
  readonly messages: unknown[] = [];
  state: ServiceWorkerState = 'installing';
  /** What the worker's own script does with a message (our sw.ts: SKIP_WAITING → take over). */
  onMessage: (data: unknown) => void = () => undefined;
  readonly scriptURL = new URL('/sw.js', window.location.href).href;

  postMessage(data: unknown, transfer?: Transferable[]): void {
    this.messages.push(data);
    // workbox-window waits for an answer on a port it hands over; nobody answers, close it.
    for (const port of transfer ?? []) (port as MessagePort).close?.();
    this.onMessage(data);
  }

  setState(state: ServiceWorkerState): void {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

export class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null;
  waiting: FakeWorker | null = null;
  active: FakeWorker | null = null;
  readonly scope = new URL('/', window.location.href).href;
  /** Background Sync, where the browser has it: the tags registered. */
  sync?: { tags: string[]; register(tag: string): Promise<void> };
  /** The browser's check for a new worker script (the test decides what it finds). */
  onUpdate: () => void = () => undefined;
  readonly update = vi.fn(async () => this.onUpdate());
}

export class FakeServiceWorkerContainer extends EventTarget {
  controller: FakeWorker | null = null;
  readonly registration = new FakeRegistration();
  readonly registered: string[] = [];
  readonly ready = Promise.resolve(this.registration);

  async register(url: string | URL): Promise<FakeRegistration> {
    this.registered.push(String(url));
    return this.registration;
  }

  async getRegistration(): Promise<FakeRegistration> {
    return this.registration;
  }

  /** A worker already in charge when the page loads (a returning visit). */
  controlledBy(worker: FakeWorker): this {
    worker.state = 'activated';
    this.registration.active = worker;
    this.controller = worker;
    return this;
  }

  /** The browser found a new script: it installs; with a worker active, it then waits. */
  install(worker: FakeWorker = new FakeWorker()): FakeWorker {
    const registration = this.registration;
    registration.installing = worker;
    registration.dispatchEvent(new Event('updatefound'));
    registration.installing = null;
    if (registration.active) registration.waiting = worker;
    worker.setState('installed');
    // Our worker's SKIP_WAITING handler: skipWaiting(), then clientsClaim() takes the open pages.
    worker.onMessage = (data) => {
      if ((data as { type?: string } | null)?.type === 'SKIP_WAITING') this.takeOver(worker);
    };
    return worker;
  }

  /** The worker activates and claims the open pages (clientsClaim): `controllerchange` in this one. */
  takeOver(worker: FakeWorker): void {
    const registration = this.registration;
    if (registration.waiting === worker) registration.waiting = null;
    registration.active?.setState('redundant');
    registration.active = worker;
    worker.setState('activating');
    worker.setState('activated');
    this.controller = worker;
    this.dispatchEvent(new Event('controllerchange'));
  }
}

/** Puts the fake on `navigator.serviceWorker` for this test. */
export function installServiceWorker(container = new FakeServiceWorkerContainer()): FakeServiceWorkerContainer {
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  onTestFinished(() => void Reflect.deleteProperty(navigator, 'serviceWorker'));
  return container;
}

/**
 * Counts the page's reloads: jsdom answers `location.reload()` (any navigation to another document) with
 * a "not implemented" report on its virtual console, which is counted here and kept out of the output.
 */
export function countReloads(): { readonly count: number } {
  const jsdom = (window as unknown as { jsdom: { virtualConsole: NodeJS.EventEmitter } }).jsdom;
  const reloads = { count: 0 };
  const isReload = (message: unknown) => String(message).includes('navigation to another Document');
  const listener = (error: Error) => {
    if (isReload(error.message)) reloads.count++;
  };
  jsdom.virtualConsole.on('jsdomError', listener);
  onTestFinished(() => void jsdom.virtualConsole.off('jsdomError', listener));
  if (!vi.isMockFunction(console.error)) {
    const error = console.error.bind(console);
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      if (!isReload(args[0])) error(...args);
    });
  }
  return reloads;
}
