// The TSS and its clients: createTss, retrieveTss, updateTss (CREATED → UNINITIALIZED
// → INITIALIZED → DISABLED), changeAdminPin, authenticateAdmin, logoutAdmin,
// createClient, retrieveClient and updateClient, with fiskaly's checks and error codes.
import { fiskalyError, invalid, isObject, nowSeconds } from './http.mjs';
import { ALGORITHM, TIME_FORMAT, newPuk, newTssKeys } from './keys.mjs';

export const VERSION = '2.1.35';
const MAX_CLIENTS = 199;
const MAX_ACTIVE_TRANSACTIONS = 2000;
const PIN_ATTEMPTS = 5;
const CLIENT_SERIAL = /^[A-Za-z0-9 '()+,\-./:=?]{1,70}$/;
const DESCRIPTION = /^[A-Za-z0-9 '()+,\-./:=?]{0,100}$/;
const UPDATE_KEYS = ['description', 'state', 'metadata'];
const STATE_CHANGES = { UNINITIALIZED: ['CREATED'], INITIALIZED: ['UNINITIALIZED'], DISABLED: ['UNINITIALIZED', 'INITIALIZED'] };

export const tssNotFound = (id) => fiskalyError(404, 'E_TSS_NOT_FOUND', `TSS with id ${id} not found`);
const adminRequired = () => fiskalyError(401, 'E_UNAUTHORIZED', 'This operation requires admin authentication.');

export function renderTss(tss) {
  const clients = [...tss.clients.values()].filter((client) => client.state === 'REGISTERED').length;
  const active = [...tss.txs.values()].filter((tx) => tx.revisions.at(-1).state === 'ACTIVE').length;
  const rendered = {
    _id: tss.id,
    _type: 'TSS',
    _env: 'TEST',
    _version: VERSION,
    state: tss.state,
    certificate: tss.keys.certificate,
    serial_number: tss.keys.serialNumber,
    public_key: tss.keys.publicKey,
    signature_algorithm: ALGORITHM,
    signature_timestamp_format: TIME_FORMAT,
    transaction_data_encoding: 'UTF-8',
    max_number_registered_clients: MAX_CLIENTS,
    max_number_active_transactions: MAX_ACTIVE_TRANSACTIONS,
    supported_update_variants: 'SIGNED',
    number_registered_clients: clients,
    number_active_transactions: active,
    signature_counter: String(tss.signatureCounter),
    transaction_counter: String(tss.transactionCounter),
    metadata: tss.metadata,
    time_creation: tss.times.creation,
  };
  if (tss.description !== undefined) rendered.description = tss.description;
  if (tss.state === 'CREATED') rendered.admin_puk = tss.adminPuk;
  else rendered.bsi_certification_id = 'BSI-K-TR-0000-FAKE';
  for (const [key, time] of Object.entries(tss.times)) if (key !== 'creation') rendered[`time_${key}`] = time;
  return rendered;
}

function renderClient(client, id) {
  return {
    _id: id,
    _type: 'CLIENT',
    _env: 'TEST',
    _version: VERSION,
    serial_number: client.serial_number,
    state: client.state,
    tss_id: client.tss_id,
    metadata: client.metadata,
    time_creation: client.time_creation,
    time_update: client.time_update,
  };
}

export function createTssApi(fiskaly) {
  const tssOf = (id) => fiskaly.state.tss.get(id);

  function createTss({ tssId, body }) {
    if (body !== undefined && !isObject(body)) return invalid('body must be object');
    const existing = tssOf(tssId);
    if (existing && existing.state !== 'CREATED') {
      return fiskalyError(409, 'E_TSS_CONFLICT', `TSS with id ${tssId} already exists in state ${existing.state}`);
    }
    if (existing) return { status: 200, body: renderTss(existing) };
    const tss = {
      id: tssId,
      state: 'CREATED',
      adminPuk: newPuk(),
      adminPin: null,
      pinFailures: 0,
      admin: false,
      keys: newTssKeys(),
      metadata: body?.metadata ?? {},
      times: { creation: nowSeconds() },
      signatureCounter: 0,
      transactionCounter: 0,
      clients: new Map(),
      txs: new Map(),
    };
    fiskaly.state.tss.set(tssId, tss);
    return { status: 200, body: renderTss(tss) };
  }

  function retrieveTss({ tssId }) {
    const tss = tssOf(tssId);
    return tss ? { status: 200, body: renderTss(tss) } : tssNotFound(tssId);
  }

  function updateTss({ tssId, body }) {
    if (!isObject(body)) return invalid('body must be object');
    const extra = Object.keys(body).find((key) => !UPDATE_KEYS.includes(key));
    if (extra) return invalid(`body must NOT have additional properties (${extra})`);
    if (!Object.hasOwn(STATE_CHANGES, body.state)) {
      return invalid('body/state must be equal to one of the allowed values: UNINITIALIZED, INITIALIZED, DISABLED');
    }
    if (body.description !== undefined && !(typeof body.description === 'string' && DESCRIPTION.test(body.description))) {
      return invalid('body/description must match pattern "^[A-Za-z0-9 \'()+,-./:=?]{0,100}$"');
    }
    const tss = tssOf(tssId);
    if (!tss) return tssNotFound(tssId);
    if (body.metadata !== undefined) tss.metadata = { ...tss.metadata, ...body.metadata };
    if (tss.state === body.state) return { status: 200, body: renderTss(tss) };
    if (!STATE_CHANGES[body.state].includes(tss.state)) {
      return fiskalyError(400, 'E_ILLEGAL_TSS_STATE_CHANGE', `TSS state change from ${tss.state} to ${body.state} is not allowed`);
    }
    if (body.state !== 'UNINITIALIZED' && !tss.admin) return adminRequired();
    if (body.description !== undefined && body.state === 'INITIALIZED') tss.description = body.description;
    tss.state = body.state;
    tss.times[{ UNINITIALIZED: 'uninit', INITIALIZED: 'init', DISABLED: 'disable' }[body.state]] = nowSeconds();
    tss.signatureCounter += 1; // the SMAERS signs a system log of the change
    return { status: 200, body: renderTss(tss) };
  }

  function changeAdminPin({ tssId, body }) {
    if (!isObject(body) || typeof body.admin_puk !== 'string' || body.admin_puk.length < 10) {
      return invalid('body/admin_puk must be a string of at least 10 characters');
    }
    if (typeof body.new_admin_pin !== 'string' || body.new_admin_pin.length < 6) {
      return invalid('body/new_admin_pin must NOT have fewer than 6 characters');
    }
    const tss = tssOf(tssId);
    if (!tss) return tssNotFound(tssId);
    if (!['UNINITIALIZED', 'INITIALIZED'].includes(tss.state)) {
      return fiskalyError(400, 'E_TSS_NOT_INITIALIZED', `The admin PIN cannot be set while the TSS is ${tss.state}`);
    }
    if (body.admin_puk !== tss.adminPuk) return fiskalyError(400, 'E_CHANGE_ADMIN_PIN_FAILED', 'The admin PUK is wrong.');
    tss.adminPin = body.new_admin_pin;
    tss.pinFailures = 0;
    tss.signatureCounter += 1;
    return { status: 200, body: {} };
  }

  function authenticateAdmin({ tssId, body }) {
    if (!isObject(body) || typeof body.admin_pin !== 'string' || body.admin_pin.length < 6) {
      return invalid('body/admin_pin must NOT have fewer than 6 characters');
    }
    const tss = tssOf(tssId);
    if (!tss) return tssNotFound(tssId);
    if (tss.adminPin === null) {
      return fiskalyError(423, 'E_ADMIN_PIN_BLOCKED', 'The admin PIN is blocked: set a new one with the admin PUK.');
    }
    if (body.admin_pin !== tss.adminPin) {
      tss.pinFailures += 1;
      if (tss.pinFailures >= PIN_ATTEMPTS) tss.adminPin = null;
      return fiskalyError(401, 'E_UNAUTHORIZED', 'The admin PIN is wrong.');
    }
    tss.pinFailures = 0;
    tss.admin = true;
    tss.signatureCounter += 1;
    return { status: 200, body: {} };
  }

  function logoutAdmin({ tssId }) {
    const tss = tssOf(tssId);
    if (!tss) return tssNotFound(tssId);
    if (tss.admin) tss.signatureCounter += 1;
    tss.admin = false;
    return { status: 200, body: {} };
  }

  function createClient({ tssId, clientId, body }) {
    if (!isObject(body) || typeof body.serial_number !== 'string') {
      return invalid("body must have required property 'serial_number'");
    }
    const tss = tssOf(tssId);
    if (!tss) return tssNotFound(tssId);
    if (tss.state === 'DISABLED') return fiskalyError(400, 'E_TSS_DISABLED', `TSS ${tssId} is disabled`);
    if (tss.state !== 'INITIALIZED') return fiskalyError(400, 'E_TSS_NOT_INITIALIZED', `TSS ${tssId} is ${tss.state}`);
    if (!tss.admin) return adminRequired();
    if (!CLIENT_SERIAL.test(body.serial_number)) {
      return fiskalyError(400, 'E_ILLEGAL_CLIENT_SERIAL', 'serial_number must have 1 to 70 of the allowed characters');
    }
    const existing = fiskaly.state.clients.get(clientId);
    if (existing) {
      if (existing.tss_id === tssId && existing.serial_number === body.serial_number) {
        return { status: 200, body: renderClient(existing, clientId) };
      }
      return fiskalyError(409, 'E_CLIENT_CONFLICT', `A client with id ${clientId} already exists`);
    }
    if ([...tss.clients.values()].some((client) => client.serial_number === body.serial_number)) {
      return fiskalyError(400, 'E_ILLEGAL_CLIENT_SERIAL', 'serial_number is used by another client of this TSS');
    }
    const now = nowSeconds();
    const client = { tss_id: tssId, serial_number: body.serial_number, state: 'REGISTERED', metadata: body.metadata ?? {}, time_creation: now, time_update: now };
    fiskaly.state.clients.set(clientId, client);
    tss.clients.set(clientId, client);
    tss.signatureCounter += 1;
    return { status: 200, body: renderClient(client, clientId) };
  }

  function retrieveClient({ tssId, clientId }) {
    const tss = tssOf(tssId);
    if (!tss) return tssNotFound(tssId);
    const client = tss.clients.get(clientId);
    if (!client) return fiskalyError(404, 'E_CLIENT_NOT_FOUND', `Client with id ${clientId} not found`);
    return { status: 200, body: renderClient(client, clientId) };
  }

  function updateClient({ tssId, clientId, body }) {
    if (!isObject(body) || !['REGISTERED', 'DEREGISTERED'].includes(body.state)) {
      return invalid('body/state must be equal to one of the allowed values: REGISTERED, DEREGISTERED');
    }
    const found = retrieveClient({ tssId, clientId });
    if (found.status !== 200) return found;
    const tss = tssOf(tssId);
    if (tss.state === 'DISABLED') return fiskalyError(400, 'E_TSS_DISABLED', `TSS ${tssId} is disabled`);
    if (!tss.admin) return adminRequired();
    const client = tss.clients.get(clientId);
    if (client.state !== body.state) tss.signatureCounter += 1;
    client.state = body.state;
    client.time_update = nowSeconds();
    return { status: 200, body: renderClient(client, clientId) };
  }

  return { createTss, retrieveTss, updateTss, changeAdminPin, authenticateAdmin, logoutAdmin, createClient, retrieveClient, updateClient };
}
