// The booking widget's loader, served as /embed.js (a classic script: no imports, no exports).
// It puts /embed/{slug} in an iframe on the host page inline, in a popup or behind a floating
// button, sizes the frame to its content, and passes the widget's events on to the page.
// Budget: 5 KB gzip (embed-script.test.ts). Host pages may run a strict CSP: nothing here uses
// eval, inline <script> or style attributes (styles are set through the CSSOM).
(function () {
  interface Prefill {
    name?: string;
    email?: string;
    phone?: string;
  }
  interface WidgetOptions {
    business: string;
    service?: number | string;
    staff?: number | string;
    prefill?: Prefill;
    theme?: { accent?: string };
    /** inline: the element (or selector) that receives the widget. */
    target?: string | Element;
    /** popup: clicks on this element (or selector) open it. */
    trigger?: string | Element;
    /** floating: the button's text. */
    label?: string;
  }
  type Listener = (detail: Record<string, unknown>) => void;
  type Api = ((command: string, ...args: unknown[]) => unknown) & {
    q?: IArguments[] | unknown[][];
    loaded?: boolean;
  };
  interface Frame {
    iframe: HTMLIFrameElement;
    mode: string;
    business: string;
  }

  const w = window as unknown as { Slotwise?: Api };
  const existing = w.Slotwise;
  if (existing && existing.loaded) return;

  const script = document.currentScript as HTMLScriptElement | null;
  // The widget lives where this script came from; only that origin's messages are trusted.
  const base = script && script.src ? new URL(script.src).origin : location.origin;
  const listeners: Record<string, Listener[]> = {};
  const frames: Record<string, Frame> = {};
  let count = 0;
  let overlay: HTMLElement | null = null;
  let lastFocus: Element | null = null;

  function css<T extends HTMLElement>(el: T, text: string): T {
    // 'all: initial' first and every declaration important: the host page's own CSS
    // (button { … }, even * { color: red !important }) must not reach our elements.
    el.style.cssText = ('all:initial;box-sizing:border-box;' + text)
      .split(';')
      .map((declaration) => declaration + '!important')
      .join(';');
    return el;
  }

  function element(selector: string | Element | undefined): Element | null {
    if (!selector) return null;
    return typeof selector === 'string' ? document.querySelector(selector) : selector;
  }

  function frameUrl(options: WidgetOptions, id: string): string {
    const query = new URLSearchParams();
    const prefill = options.prefill || {};
    const set = (key: string, value: unknown) => {
      if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
    };
    set('service', options.service);
    set('staff', options.staff);
    set('name', prefill.name);
    set('email', prefill.email);
    set('phone', prefill.phone);
    set('accent', options.theme && options.theme.accent);
    query.set('origin', location.origin);
    query.set('frame', id);
    return base + '/embed/' + encodeURIComponent(options.business) + '?' + query.toString();
  }

  function frame(options: WidgetOptions, mode: string): HTMLIFrameElement {
    const id = 'sw' + ++count;
    const iframe = document.createElement('iframe');
    iframe.src = frameUrl(options, id);
    iframe.title = 'Book an appointment';
    iframe.setAttribute('loading', 'eager');
    css(iframe, 'display:block;width:100%;height:640px;border:0;background:transparent');
    frames[id] = { iframe: iframe, mode: mode, business: options.business };
    return iframe;
  }

  function valid(options: WidgetOptions | undefined, mode: string): options is WidgetOptions {
    if (options && typeof options.business === 'string' && options.business) return true;
    console.error('[Slotwise] ' + mode + ' needs { business: "your-booking-link" }');
    return false;
  }

  function inline(options: WidgetOptions) {
    if (!valid(options, 'inline')) return;
    const target = element(options.target || '[data-slotwise-inline]');
    if (!target) {
      console.error('[Slotwise] inline: no element for target ' + String(options.target));
      return;
    }
    target.appendChild(frame(options, 'inline'));
  }

  function close() {
    if (!overlay) return;
    overlay.remove();
    overlay = null;
    document.removeEventListener('keydown', onKey);
    if (lastFocus instanceof HTMLElement) lastFocus.focus();
  }

  function onKey(event: KeyboardEvent) {
    if (event.key === 'Escape') close();
  }

  function open(options: WidgetOptions, mode: string) {
    close();
    lastFocus = document.activeElement;
    overlay = css(
      document.createElement('div'),
      'position:fixed;inset:0;z-index:2147483000;background:rgba(15,23,42,.55);' +
        'overflow:auto;padding:16px 8px;display:block',
    );
    overlay.setAttribute('role', 'dialog');
    overlay.setAttribute('aria-modal', 'true');
    overlay.setAttribute('aria-label', 'Book an appointment');
    overlay.addEventListener('click', (event) => {
      if (event.target === overlay) close();
    });
    const box = css(
      document.createElement('div'),
      'display:block;position:relative;max-width:640px;margin:0 auto;background:#fff;' +
        'border-radius:16px;overflow:hidden;box-shadow:0 20px 50px rgba(0,0,0,.3)',
    );
    const shut = css(
      document.createElement('button'),
      'position:absolute;top:8px;right:8px;z-index:1;width:40px;height:40px;border-radius:20px;' +
        'background:#fff;color:#0f172a;font:600 24px/40px system-ui,sans-serif;text-align:center;' +
        'cursor:pointer;box-shadow:0 1px 4px rgba(0,0,0,.25)',
    );
    shut.type = 'button';
    shut.textContent = '\u00d7';
    shut.setAttribute('aria-label', 'Close');
    shut.addEventListener('click', close);
    box.appendChild(shut);
    box.appendChild(frame(options, mode));
    overlay.appendChild(box);
    document.body.appendChild(overlay);
    document.addEventListener('keydown', onKey);
    shut.focus();
  }

  function popup(options: WidgetOptions) {
    if (!valid(options, 'popup')) return;
    const trigger = element(options.trigger);
    if (options.trigger && !trigger) console.error('[Slotwise] popup: no element for trigger');
    if (trigger) trigger.addEventListener('click', () => open(options, 'popup'));
    else open(options, 'popup');
  }

  function floating(options: WidgetOptions) {
    if (!valid(options, 'floating')) return;
    const accent = (options.theme && options.theme.accent) || '#0f766e';
    const button = css(
      document.createElement('button'),
      'position:fixed;right:20px;bottom:20px;z-index:2147482999;padding:14px 22px;' +
        'border-radius:999px;background:' +
        (/^#?[0-9a-f]{3,6}$/i.test(accent) ? '#' + accent.replace('#', '') : '#0f766e') +
        ';color:#fff;font:600 16px/1.2 system-ui,sans-serif;cursor:pointer;' +
        'box-shadow:0 6px 20px rgba(0,0,0,.25)',
    );
    button.type = 'button';
    button.textContent = options.label || 'Book now';
    button.setAttribute('data-slotwise-floating', '');
    button.addEventListener('click', () => open(options, 'floating'));
    document.body.appendChild(button);
  }

  function emit(type: string, detail: Record<string, unknown>) {
    const all = (listeners[type] || []).concat(listeners['*'] || []);
    for (const listener of all) {
      try {
        listener(detail);
      } catch (error) {
        console.error(error);
      }
    }
    document.dispatchEvent(new CustomEvent('slotwise:' + type, { detail: detail }));
  }

  // Origin check on the way in: only the widget's origin, only from one of our own frames.
  window.addEventListener('message', (event: MessageEvent) => {
    if (event.origin !== base) return;
    const message = event.data as {
      source?: string;
      frame?: string;
      type?: string;
      data?: Record<string, unknown>;
    } | null;
    if (!message || message.source !== 'slotwise' || typeof message.type !== 'string') return;
    const known = frames[message.frame || ''];
    if (!known || event.source !== known.iframe.contentWindow) return;
    const data = message.data || {};
    if (message.type === 'close') {
      if (known.mode !== 'inline') close();
      return;
    }
    if (message.type === 'resize') {
      const height = Number(data.height);
      if (height > 0 && height < 20000)
        known.iframe.style.setProperty('height', Math.ceil(height) + 'px', 'important');
      return;
    }
    const detail: Record<string, unknown> = { mode: known.mode, business: known.business };
    for (const key in data) detail[key] = data[key];
    emit(message.type, detail);
  });

  const commands: Record<string, (...args: never[]) => unknown> = {
    inline: inline,
    popup: popup,
    floating: floating,
    close: close,
    on: (type: string, listener: Listener) => {
      if (typeof listener === 'function') (listeners[type] = listeners[type] || []).push(listener);
    },
    off: (type: string, listener: Listener) => {
      listeners[type] = (listeners[type] || []).filter((l) => l !== listener);
    },
  };

  const api: Api = function (command: string, ...args: unknown[]) {
    const run = commands[command];
    if (!run) {
      console.error('[Slotwise] unknown command ' + command);
      return;
    }
    return (run as (...a: unknown[]) => unknown)(...args);
  };
  api.loaded = true;
  w.Slotwise = api;

  // Calls made before this script arrived (the snippet's stub queues them), in their order.
  const queue = (existing && existing.q) || [];
  const start = () => {
    for (const call of queue) {
      const [command, ...args] = Array.prototype.slice.call(call) as [string, ...unknown[]];
      api(command, ...args);
    }
  };
  if (document.body) start();
  else document.addEventListener('DOMContentLoaded', start);
})();
