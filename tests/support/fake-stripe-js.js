// A stand-in for Stripe.js (https://js.stripe.com/<release>/stripe.js), served by the browser tests
// through Playwright's page.route because the real one cannot load here. It implements only what
// @stripe/stripe-js, @stripe/react-stripe-js, our Subscribe page and the booking page's deposit and
// card-on-file step call. The Payment Element is a plain card-number field; confirmPayment and
// confirmSetup ask the fake Stripe server (__FAKE_STRIPE_URL__, filled in when served) to pay the
// invoice or confirm the intent behind the client secret, and the server then sends the signed
// webhooks to the API, as Stripe would.
(function () {
  'use strict';
  var API = '__FAKE_STRIPE_URL__';

  function emitter() {
    var handlers = {};
    return {
      on: function (event, cb) {
        (handlers[event] = handlers[event] || []).push(cb);
      },
      off: function (event, cb) {
        handlers[event] = (handlers[event] || []).filter(function (h) {
          return h !== cb;
        });
      },
      emit: function (event, payload) {
        (handlers[event] || []).slice().forEach(function (cb) {
          cb(payload);
        });
      },
    };
  }

  function createElement(type) {
    var events = emitter();
    var root = null;
    var element = {
      _type: type,
      mount: function (target) {
        root = typeof target === 'string' ? document.querySelector(target) : target;
        root.innerHTML =
          '<label style="display:flex;flex-direction:column;gap:4px">Card number' +
          '<input data-fake-stripe-card inputmode="numeric" autocomplete="cc-number"' +
          ' value="4242 4242 4242 4242" style="padding:8px;border:1px solid #ccc;border-radius:8px" />' +
          '</label>';
        setTimeout(function () {
          events.emit('ready', { elementType: type });
          events.emit('change', { elementType: type, complete: true, empty: false });
        });
      },
      on: function (event, cb) {
        events.on(event, cb);
        return element;
      },
      once: function (event, cb) {
        var wrapped = function (payload) {
          events.off(event, wrapped);
          cb(payload);
        };
        events.on(event, wrapped);
        return element;
      },
      off: function (event, cb) {
        events.off(event, cb);
        return element;
      },
      update: function () {},
      focus: function () {},
      blur: function () {},
      clear: function () {},
      collapse: function () {},
      unmount: function () {
        if (root) root.innerHTML = '';
      },
      destroy: function () {
        if (root) root.innerHTML = '';
        root = null;
      },
    };
    return element;
  }

  function createElements(options) {
    var created = [];
    return {
      _clientSecret: options && options.clientSecret,
      _card: function () {
        var input = document.querySelector('[data-fake-stripe-card]');
        return input ? input.value : '';
      },
      create: function (type) {
        var element = createElement(type);
        created.push(element);
        return element;
      },
      getElement: function (type) {
        return (
          created.filter(function (e) {
            return e._type === type;
          })[0] || null
        );
      },
      update: function () {},
      fetchUpdates: function () {
        return Promise.resolve({});
      },
      submit: function () {
        return Promise.resolve({});
      },
    };
  }

  function unsupported() {
    return Promise.resolve({
      error: { type: 'invalid_request_error', message: 'Not in the fake' },
    });
  }

  /**
   * confirmPayment and confirmSetup: the fake Stripe server confirms the intent (or invoice) behind
   * the Elements' client secret with the typed card; a declined card comes back as Stripe's error.
   */
  function confirm(params, object, key) {
    var elements = params.elements;
    return fetch(API + '/_test/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_secret: elements._clientSecret, card: elements._card() }),
    }).then(function (res) {
      return res.json().then(function (body) {
        if (!res.ok) return { error: Object.assign({ type: 'card_error' }, body.error) };
        var intent = {
          id: body.id,
          object: body.object || object,
          status: body.status || 'succeeded',
        };
        if (params.redirect === 'if_required') {
          var result = {};
          result[key] = intent;
          return result;
        }
        window.location.assign(
          params.confirmParams.return_url +
            '?' +
            object +
            '=' +
            intent.id +
            '&redirect_status=succeeded',
        );
        return new Promise(function () {});
      });
    });
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_') !== 0) {
      throw new Error('Invalid publishable key');
    }
    return {
      elements: createElements,
      createToken: unsupported,
      createPaymentMethod: unsupported,
      confirmCardPayment: unsupported,
      registerAppInfo: function () {},
      _registerWrapper: function () {},
      confirmPayment: function (params) {
        return confirm(params, 'payment_intent', 'paymentIntent');
      },
      confirmSetup: function (params) {
        return confirm(params, 'setup_intent', 'setupIntent');
      },
    };
  }
  // The release @stripe/stripe-js 10 expects (it warns on a mismatch with a test key).
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
