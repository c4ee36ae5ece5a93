// Transactions: upsertTransaction (PUT …/tx/{tx_id}?tx_revision=N) and
// retrieveTransaction (GET …/tx/{tx_id_or_number}[?tx_revision=N]). Revision 1 starts a
// transaction ACTIVE and gives it the TSS's next number; each further revision is the
// latest one plus one, until one ends it FINISHED or CANCELLED. Every revision is
// signed, with the TSS's signature counter one higher. A revision sent again with the
// same body answers what it answered the first time (fiskaly's idempotence), or, after
// POST /__control/replays {"mode": "refuse"}, is refused with E_TX_UPSERT.
import { canonical, fiskalyError, invalid, isObject, nowSeconds } from './http.mjs';
import { ALGORITHM, TIME_FORMAT, signText } from './keys.mjs';
import { processOf, schemaProblem } from './receipts.mjs';
import { VERSION, tssNotFound } from './tss.mjs';

const STATES = ['ACTIVE', 'FINISHED', 'CANCELLED'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const MAX_ACTIVE = 2000;

const iso = (seconds) => new Date(seconds * 1000).toISOString();
const upsertError = (message) => fiskalyError(400, 'E_TX_UPSERT', message);

/** The QR code data of an ended transaction (DSFinV-K Appendix I, version V0). */
function qrCodeData(tx, revision, tss) {
  const { processType, processData } = processOf(revision.schema);
  return [
    'V0',
    revision.clientSerial,
    processType,
    processData,
    tx.number,
    revision.counter,
    iso(tx.timeStart),
    iso(revision.log.timestamp),
    ALGORITHM,
    TIME_FORMAT,
    revision.signature,
    tss.keys.publicKey,
  ].join(';');
}

function render(tss, tx, revision) {
  const rendered = {
    _id: tx.id,
    _type: 'TRANSACTION',
    _env: 'TEST',
    _version: VERSION,
    tss_id: tss.id,
    client_id: revision.clientId,
    client_serial_number: revision.clientSerial,
    tss_serial_number: tss.keys.serialNumber,
    number: tx.number,
    state: revision.state,
    revision: revision.number,
    latest_revision: tx.revisions.length,
    time_start: tx.timeStart,
    schema: revision.schema ?? {},
    metadata: tx.metadata,
    log: revision.log,
    // fiskaly's middleware sends the counter as a number (a known issue of its API).
    signature: { value: revision.signature, algorithm: ALGORITHM, counter: revision.counter, public_key: tss.keys.publicKey },
  };
  if (revision.state !== 'ACTIVE') {
    rendered.time_end = revision.log.timestamp;
    rendered.qr_code_data = qrCodeData(tx, revision, tss);
  }
  return rendered;
}

export function createTransactions(fiskaly) {
  function requestProblem(query, body) {
    const revision = Number(query.get('tx_revision'));
    if (!query.has('tx_revision') || !Number.isSafeInteger(revision) || revision < 1) {
      return { error: invalid('querystring/tx_revision must be an integer of at least 1') };
    }
    if (!isObject(body)) return { error: invalid('body must be object') };
    if (!STATES.includes(body.state)) {
      return { error: invalid(`body/state must be equal to one of the allowed values: ${STATES.join(', ')}`) };
    }
    if (typeof body.client_id !== 'string') return { error: invalid("body must have required property 'client_id'") };
    if (!UUID.test(body.client_id.toLowerCase())) return { error: invalid('body/client_id must match format "uuid"') };
    const problem = schemaProblem(body.schema);
    return problem ? { error: invalid(problem) } : { revision };
  }

  function upsertTransaction({ tssId, txId, query, body }) {
    const { error, revision } = requestProblem(query, body);
    if (error) return error;
    const tss = fiskaly.state.tss.get(tssId);
    if (!tss) return tssNotFound(tssId);
    if (tss.state === 'DISABLED') return fiskalyError(400, 'E_TSS_DISABLED', `TSS ${tssId} is disabled`);
    if (tss.state !== 'INITIALIZED') return fiskalyError(400, 'E_TSS_NOT_INITIALIZED', `TSS ${tssId} is ${tss.state}`);
    const clientId = body.client_id.toLowerCase();
    const client = tss.clients.get(clientId);
    if (!client) return fiskalyError(400, 'E_CLIENT_NOT_FOUND', `Client with id ${clientId} not found`);
    if (client.state !== 'REGISTERED') return fiskalyError(400, 'E_CLIENT_DEREGISTERED', `Client ${clientId} is deregistered`);

    const tx = tss.txs.get(txId);
    const latest = tx?.revisions.length ?? 0;
    const request = canonical(body);
    if (revision <= latest) {
      const first = tx.revisions[revision - 1];
      if (fiskaly.state.replays === 'idempotent' && first.request === request) {
        return { status: 200, body: render(tss, tx, first), upserted: true };
      }
      return upsertError(`tx_revision ${revision} of transaction ${txId} has been applied already (latest revision: ${latest})`);
    }
    if (revision !== latest + 1) return upsertError(`tx_revision must be ${latest + 1}, not ${revision}`);
    if (tx && tx.revisions.at(-1).state !== 'ACTIVE') {
      return upsertError(`transaction ${txId} is ${tx.revisions.at(-1).state} and cannot change`);
    }
    if (!tx && body.state !== 'ACTIVE') return upsertError('a transaction starts in state ACTIVE (tx_revision 1)');
    if (!tx) {
      const active = [...tss.txs.values()].filter((known) => known.revisions.at(-1).state === 'ACTIVE').length;
      if (active >= MAX_ACTIVE) return fiskalyError(400, 'E_TX_LIMIT_REACHED', `TSS ${tssId} has ${MAX_ACTIVE} active transactions`);
    }

    const now = nowSeconds();
    const current =
      tx ??
      (() => {
        tss.transactionCounter += 1;
        const created = { id: txId, number: tss.transactionCounter, timeStart: now, metadata: {}, revisions: [] };
        tss.txs.set(txId, created);
        return created;
      })();
    if (isObject(body.metadata)) current.metadata = { ...current.metadata, ...body.metadata };
    tss.signatureCounter += 1;
    const operation = revision === 1 ? 'Start' : body.state === 'ACTIVE' ? 'Update' : 'Finish';
    const log = { operation, timestamp: now, timestamp_format: TIME_FORMAT };
    const signed = [txId, revision, tss.signatureCounter, operation, now, body.state, canonical(body.schema ?? {})].join(';');
    const applied = {
      number: revision,
      request,
      state: body.state,
      clientId,
      clientSerial: client.serial_number,
      schema: body.schema,
      log,
      counter: tss.signatureCounter,
      signature: signText(tss.keys.privateKey, signed),
    };
    current.revisions.push(applied);
    return { status: 200, body: render(tss, current, applied), upserted: true };
  }

  function retrieveTransaction({ tssId, txId, query }) {
    const tss = fiskaly.state.tss.get(tssId);
    if (!tss) return tssNotFound(tssId);
    const tx = /^\d+$/.test(txId) ? [...tss.txs.values()].find((known) => String(known.number) === txId) : tss.txs.get(txId);
    if (!tx) return fiskalyError(404, 'E_TX_NOT_FOUND', `Transaction ${txId} not found`);
    const wanted = query.has('tx_revision') ? Number(query.get('tx_revision')) : tx.revisions.length;
    const revision = tx.revisions[wanted - 1];
    if (!Number.isSafeInteger(wanted) || !revision) {
      return fiskalyError(400, 'E_TX_REVISION_NOT_FOUND', `Revision ${query.get('tx_revision')} of transaction ${txId} not found`);
    }
    return { status: 200, body: render(tss, tx, revision) };
  }

  return { upsertTransaction, retrieveTransaction };
}
