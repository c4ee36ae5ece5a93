// A TSE's key pair, serial number and signatures. The signatures are real ECDSA P-256
// signatures in plain (r || s) encoding, as `ecdsa-plain-SHA256` names them, over the
// fake's own text of the log message; the certificate is the fake's stand-in.
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

export const ALGORITHM = 'ecdsa-plain-SHA256';
export const TIME_FORMAT = 'unixTime';

export function newTssKeys() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const spki = publicKey.export({ format: 'der', type: 'spki' });
  // The uncompressed point (0x04 || x || y) ends the SubjectPublicKeyInfo.
  const point = spki.subarray(spki.length - 65);
  const pem = `-----BEGIN PUBLIC KEY-----\n${spki.toString('base64')}\n-----END PUBLIC KEY-----\n`;
  return {
    privateKey,
    publicKey: point.toString('base64'),
    // A TSE's serial number is the SHA-256 of its public key, in hex.
    serialNumber: createHash('sha256').update(point).digest('hex'),
    certificate: Buffer.from(pem).toString('base64'),
  };
}

/** The base64 signature of `text` with the TSE's key. */
export function signText(privateKey, text) {
  return sign('sha256', Buffer.from(text), { key: privateKey, dsaEncoding: 'ieee-p1363' }).toString('base64');
}

export const randomText = (bytes) => randomBytes(bytes).toString('hex');

/** An admin PUK: ten characters, as fiskaly's are at least. */
export const newPuk = () => randomBytes(5).toString('hex').toUpperCase();
