/*
 * TEST DOUBLE of Google's https://apis.google.com/js/api.js, which this offline machine cannot
 * fetch. Firebase Auth's popup flow uses only `gapi.iframes` from it: the app page opens a hidden
 * helper iframe (here the Auth emulator's) and the two exchange named messages. This shim carries
 * those messages over postMessage. Everything else in the Chromium test is real: the Firebase web
 * SDK, the emulator's popup and iframe pages, and our server. Served by page.route() in the E2E
 * test only; production loads Google's script (the CSP allows exactly that host).
 */
(function () {
  'use strict';
  var TAG = '__medremGapiShim';
  var nextId = 1;

  function Endpoint(target) {
    this.target = target; // the other window
    this.handlers = {};
    this.queued = {};
    this.pending = {};
  }
  Endpoint.prototype.post = function (message) {
    message[TAG] = true;
    this.target.postMessage(message, '*');
  };
  Endpoint.prototype.register = function (type, handler) {
    this.handlers[type] = handler;
    var queued = this.queued[type] || [];
    delete this.queued[type];
    for (var i = 0; i < queued.length; i += 1) this.receive(queued[i]);
  };
  Endpoint.prototype.send = function (type, data, onDone) {
    var id = nextId++;
    if (onDone) this.pending[id] = onDone;
    this.post({ kind: 'send', id: id, type: type, data: data });
  };
  Endpoint.prototype.receive = function (message) {
    if (message.kind === 'reply') {
      var done = this.pending[message.id];
      delete this.pending[message.id];
      if (done) {
        try {
          done(message.responses);
        } catch {
          // gapi swallows exceptions of reply callbacks (Firebase's may throw after reading)
        }
      }
      return;
    }
    if (message.kind === 'ping') return this.post({ kind: 'pong', id: message.id });
    var handler = this.handlers[message.type];
    if (!handler) {
      (this.queued[message.type] = this.queued[message.type] || []).push(message);
      return;
    }
    var post = this.post.bind(this);
    Promise.resolve(handler(message.data)).then(function (result) {
      post({ kind: 'reply', id: message.id, responses: [result] });
    });
  };

  var endpoints = []; // [{ window, endpoint }]
  var pongs = {};
  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || message[TAG] !== true) return;
    if (message.kind === 'pong') {
      if (pongs[message.id]) pongs[message.id]();
      return;
    }
    for (var i = 0; i < endpoints.length; i += 1) {
      if (endpoints[i].window === event.source) return endpoints[i].endpoint.receive(message);
    }
  });
  function endpointFor(win) {
    for (var i = 0; i < endpoints.length; i += 1)
      if (endpoints[i].window === win) return endpoints[i].endpoint;
    var endpoint = new Endpoint(win);
    endpoints.push({ window: win, endpoint: endpoint });
    return endpoint;
  }

  function Iframe(element) {
    this.element = element;
    this.endpoint = endpointFor(element.contentWindow);
  }
  Iframe.prototype.register = function (type, handler) {
    this.endpoint.register(type, handler);
  };
  Iframe.prototype.send = function (type, data, onDone) {
    this.endpoint.send(type, data, onDone);
  };
  Iframe.prototype.restyle = function () {
    return Promise.resolve();
  };
  /** Resolves once the iframe's own shim answers (it loads after the iframe's page). */
  Iframe.prototype.ping = function (onReady) {
    var endpoint = this.endpoint;
    return new Promise(function (resolve) {
      var id = nextId++;
      var timer = setInterval(function () {
        endpoint.post({ kind: 'ping', id: id });
      }, 50);
      pongs[id] = function () {
        clearInterval(timer);
        delete pongs[id];
        if (onReady) onReady();
        resolve();
      };
    });
  };

  var context = {
    open: function (options, onOpen) {
      var element = document.createElement('iframe');
      element.src = options.url;
      var attributes = options.attributes || {};
      if (attributes['aria-hidden']) element.setAttribute('aria-hidden', attributes['aria-hidden']);
      if (attributes.tabindex) element.setAttribute('tabindex', attributes.tabindex);
      element.width = '1';
      element.height = '1';
      element.title = 'Sign-in helper';
      (options.where || document.body).appendChild(element);
      var iframe = new Iframe(element);
      return onOpen ? onOpen(iframe) : Promise.resolve(iframe);
    },
    getParentIframe: function () {
      var endpoint = endpointFor(window.parent);
      return {
        register: function (type, handler) {
          endpoint.register(type, handler);
        },
        send: function (type, data, onDone) {
          endpoint.send(type, data, onDone);
        },
      };
    },
  };
  // The helper iframe answers pings from its parent as soon as this script runs in it.
  if (window.parent !== window) endpointFor(window.parent);

  window.gapi = window.gapi || {};
  window.gapi.iframes = {
    getContext: function () {
      return context;
    },
    CROSS_ORIGIN_IFRAMES_FILTER: function () {
      return true;
    },
  };
  window.gapi.load = function (_features, options) {
    setTimeout(function () {
      (typeof options === 'function' ? options : options.callback)();
    }, 0);
  };
  var script = document.currentScript;
  var onload = script && new URL(script.src).searchParams.get('onload');
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
