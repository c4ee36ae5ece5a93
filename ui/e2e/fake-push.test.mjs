// The fake push service's reader against RFC 8291's own example (Appendix A), so a test
// that passes through the fake proves the shop encrypts as the RFC says.
import assert from 'node:assert/strict';
import { createECDH } from 'node:crypto';
import { test } from 'node:test';
import { decryptPush } from './fake-push.mjs';

const b = (text) => Buffer.from(text, 'base64url');

test('the fake decrypts the example of RFC 8291 Appendix A', () => {
  const ua = createECDH('prime256v1');
  ua.setPrivateKey(b('q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94'));
  assert.equal(
    ua.getPublicKey().toString('base64url'),
    'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
  );
  const body = b(
    'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
  );
  const plain = decryptPush(body, ua, b('BTBZMqHH6r4Tts7J_aSIgg'));
  assert.equal(plain.toString('utf8'), 'When I grow up, I want to be a watermelon');
  const tampered = Buffer.from(body);
  tampered[tampered.length - 1] ^= 1;
  assert.throws(() => decryptPush(tampered, ua, b('BTBZMqHH6r4Tts7J_aSIgg')));
});
