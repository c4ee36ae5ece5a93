// The fake JavaScript SDK at /sdk/js, which @paypal/react-paypal-js loads instead of
// www.paypal.com's.

// The fake SDK, served as a script. This function runs in the browser: it is sent as
// its source text, so it must not use anything from this module.

function fakePaypalSdk(query, listeningUrl) {
  const doc = globalThis.document;
  const script = doc.currentScript;
  const origin = script && script.src ? new URL(script.src).origin : listeningUrl;
  // The loader passes dataNamespace as the data-namespace attribute.
  const namespace = (script && script.getAttribute('data-namespace')) || 'paypal';
  // Like PayPal's SDK, which takes dataCspNonce as data-csp-nonce and puts it on the
  // <style> elements it adds to the page, so that a Content-Security-Policy without
  // 'unsafe-inline' in style-src lets them apply.
  const cspNonce = (script && script.getAttribute('data-csp-nonce')) || '';
  const sdkCurrency = (query.currency || 'USD').toUpperCase();
  const sdkIntent = (query.intent || 'capture').toUpperCase();
  const disabledFunding = (query['disable-funding'] || '').split(',').filter(Boolean);

  // Kept across reloads of the script so counters survive an options change.
  const fake = globalThis.__fakePaypal || {
    loads: 0,
    renders: 0,
    clicks: 0,
    restarts: 0,
    approvals: [],
    cancels: [],
    errors: [],
    // After actions.restart() the buyer approves again (as after picking another
    // funding source in PayPal's window) and onApprove runs again. Set to false to
    // only count the restart.
    reapproveOnRestart: true,
  };
  globalThis.__fakePaypal = fake;
  fake.query = query;
  fake.origin = origin;
  fake.loads += 1;

  const FUNDING = {
    PAYPAL: 'paypal',
    VENMO: 'venmo',
    CREDIT: 'credit',
    PAYLATER: 'paylater',
    CARD: 'card',
    SEPA: 'sepa',
    GIROPAY: 'giropay',
    SOFORT: 'sofort',
  };
  const AVAILABLE = ['paypal', 'paylater', 'card', 'sepa'];
  const isFundingEligible = (source) => AVAILABLE.includes(source) && !disabledFunding.includes(source);
  const unsupported = (what) => () =>
    Promise.reject(new Error(`fake PayPal: ${what} is not supported; the shop talks to PayPal from its server`));

  function Buttons(initialOptions) {
    const options = Object.assign({}, initialOptions);
    const fundingSource = options.fundingSource || 'paypal';
    let wrapper = null;
    let disabled = false;

    function reportError(error) {
      const err = error instanceof Error ? error : new Error(String(error));
      fake.errors.push(err.message);
      if (typeof options.onError === 'function') options.onError(err);
      else console.error('fake PayPal:', err);
    }

    const run = (flow) => {
      flow().catch(reportError);
    };

    // Like the real SDK: onClick may answer false or actions.reject() to stop, and a
    // disabled button still calls onClick but goes no further.
    async function clickAllowed() {
      fake.clicks += 1;
      if (typeof options.onClick === 'function') {
        const verdict = await options.onClick(
          { fundingSource },
          { resolve: () => Promise.resolve(true), reject: () => Promise.resolve(false) },
        );
        if (verdict === false) return false;
      }
      return !disabled;
    }

    async function createOrder() {
      if (typeof options.createOrder !== 'function') throw new Error('fake PayPal: createOrder is required');
      const id = await options.createOrder(
        { paymentSource: fundingSource },
        { order: { create: unsupported('actions.order.create') } },
      );
      if (typeof id !== 'string' || id === '') throw new Error('Expected an order id to be passed');
      return id;
    }

    // The buyer approves in "PayPal's window": the fake server marks the order
    // approved, refusing when the order's currency or intent differ from the
    // script's, as the real checkout does.
    async function approve(id) {
      const params = new URLSearchParams({ expect_currency: sdkCurrency, expect_intent: sdkIntent });
      const url = `${origin}/__control/approve/${encodeURIComponent(id)}?${params}`;
      const response = await fetch(url, { method: 'POST' });
      if (!response.ok) {
        const text = await response.text();
        let message = text;
        try {
          message = JSON.parse(text).error || text;
        } catch {
          // not JSON: keep the text
        }
        throw new Error(`fake PayPal could not approve order ${id}: ${message}`);
      }
      fake.approvals.push(id);
    }

    async function approveAndNotify(id) {
      await approve(id);
      if (typeof options.onApprove !== 'function') return;
      const actions = {
        restart() {
          fake.restarts += 1;
          if (fake.reapproveOnRestart) setTimeout(() => run(() => approveAndNotify(id)), 0);
          return Promise.resolve();
        },
        redirect(url) {
          globalThis.location.href = url;
        },
        order: {
          capture: unsupported('actions.order.capture'),
          authorize: unsupported('actions.order.authorize'),
          get: unsupported('actions.order.get'),
          patch: unsupported('actions.order.patch'),
        },
      };
      await options.onApprove(
        {
          orderID: id,
          payerID: 'FAKEPAYERID',
          paymentID: null,
          billingToken: null,
          facilitatorAccessToken: 'FAKE-FACILITATOR-ACCESS-TOKEN',
          paymentSource: fundingSource,
        },
        actions,
      );
    }

    function button(testId, label, onClick) {
      const element = doc.createElement('button');
      element.type = 'button';
      element.setAttribute('data-testid', testId);
      element.textContent = label;
      element.addEventListener('click', () => run(onClick));
      return element;
    }

    function showDisabled() {
      if (!wrapper) return;
      // Not the HTML disabled attribute: PayPal's real button stays clickable (and
      // calls onClick) while disabled, and a browser test can still click it.
      wrapper.setAttribute('data-disabled', String(disabled));
      for (const element of wrapper.querySelectorAll('button')) element.setAttribute('aria-disabled', String(disabled));
    }

    return {
      isEligible: () => isFundingEligible(fundingSource),
      render(container) {
        const element = typeof container === 'string' ? doc.querySelector(container) : container;
        if (!element) {
          return Promise.reject(new Error(`Document is ready and element ${container} does not exist`));
        }
        if (!isFundingEligible(fundingSource)) {
          return Promise.reject(new Error(`${fundingSource} is not eligible`));
        }
        fake.renders += 1;
        const uid = `fake-paypal-buttons-${fake.renders}`;
        wrapper = doc.createElement('div');
        wrapper.setAttribute('id', uid);
        wrapper.setAttribute('data-testid', 'fake-paypal-buttons');
        wrapper.setAttribute('data-funding-source', fundingSource);
        // PayPal's container styles travel in a <style> element inside the container.
        const style = doc.createElement('style');
        if (cspNonce !== '') style.setAttribute('nonce', cspNonce);
        style.textContent = `#${uid} { position: relative; display: block; width: 100%; min-height: 25px; }`;
        wrapper.append(
          style,
          button('fake-paypal-button', 'PayPal', async () => {
            if (!(await clickAllowed())) return;
            await approveAndNotify(await createOrder());
          }),
          button('fake-paypal-cancel', 'Cancel PayPal', async () => {
            if (!(await clickAllowed())) return;
            const id = await createOrder();
            fake.cancels.push(id);
            if (typeof options.onCancel === 'function') {
              await options.onCancel({ orderID: id }, { redirect: (url) => (globalThis.location.href = url) });
            }
          }),
        );
        element.appendChild(wrapper);
        showDisabled();
        if (typeof options.onInit === 'function') {
          options.onInit(
            {},
            {
              enable() {
                disabled = false;
                showDisabled();
                return Promise.resolve();
              },
              disable() {
                disabled = true;
                showDisabled();
                return Promise.resolve();
              },
            },
          );
        }
        return Promise.resolve();
      },
      updateProps(props) {
        Object.assign(options, props);
        return Promise.resolve();
      },
      close() {
        if (wrapper) wrapper.remove();
        wrapper = null;
        return Promise.resolve();
      },
      hasReturned: () => false,
      resume() {},
    };
  }

  globalThis[namespace] = {
    version: '5.0.0-fake',
    FUNDING,
    Buttons,
    getFundingSources: () => AVAILABLE.filter(isFundingEligible),
    isFundingEligible,
  };
}

/** The script for GET /sdk/js, or a failing one when the query is not what PayPal takes. */
export function sdkResponse(query, url, clientId) {
  const fail = (message) => ({
    status: 400,
    script: `throw new Error(${JSON.stringify(`SDK Validation error: '${message}'`)});\n`,
  });
  if (!query['client-id']) return fail('Expected client-id to be passed');
  if (query['client-id'] !== clientId) return fail(`Invalid query value for client-id: ${query['client-id']}`);
  if (query.currency !== undefined && !/^[A-Z]{3}$/.test(query.currency)) {
    return fail(`Invalid query value for currency: ${query.currency}`);
  }
  if (query.intent !== undefined && !['capture', 'authorize', 'subscription', 'tokenize'].includes(query.intent)) {
    return fail(`Invalid query value for intent: ${query.intent}`);
  }
  return {
    status: 200,
    script: `/* fake PayPal JS SDK */\n(${fakePaypalSdk.toString()})(${JSON.stringify(query)}, ${JSON.stringify(url)});\n`,
  };
}
