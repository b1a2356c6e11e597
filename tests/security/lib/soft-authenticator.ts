/**
 * A software passkey authenticator for HTTP tests (WebAuthn level 3, ES256,
 * "none" attestation): what a browser's authenticator would answer to the
 * options our server gives, with the user-verification flag set or not. The
 * browser journeys use Chromium's virtual authenticator; an attacker's key
 * without a PIN is easiest to be here.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";

type Cbor = number | string | Uint8Array | Map<number, CborValue> | CborRecord;
type CborValue = number | string | Uint8Array;
interface CborRecord {
  [key: string]: Cbor;
}

/** The few CBOR shapes attestation needs: integers, text, bytes and maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64u = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

export interface SoftPasskey {
  id: string;
  key: KeyObject;
  userHandle: string;
  counter: number;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function flags(userVerified: boolean, attested = false): number {
  return FLAG_UP | (userVerified ? FLAG_UV : 0) | (attested ? FLAG_AT : 0);
}

/** A registration response to `options` (from /passkey/registration-options). */
export function register(options: { challenge: string; rp: { id: string }; user: { id: string } }, origin: string, userVerified: boolean, reuse?: SoftPasskey) {
  const { privateKey, publicKey } = reuse ? { privateKey: reuse.key, publicKey: undefined } : generateKeyPairSync("ec", { namedCurve: "P-256" });
  const credentialId = reuse ? Buffer.from(reuse.id, "base64url") : randomBytes(32);
  const jwk = (publicKey ?? (privateKey as KeyObject)).export({ format: "jwk" }) as { x: string; y: string };
  const cose = new Map<number, CborValue>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, Buffer.from(jwk.x, "base64url")],
    [-3, Buffer.from(jwk.y, "base64url")],
  ]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(credentialId.length);
  const counter = Buffer.alloc(4);
  const authData = Buffer.concat([
    sha256(options.rp.id),
    Buffer.from([flags(userVerified, true)]),
    counter,
    Buffer.alloc(16),
    length,
    credentialId,
    cbor(cose),
  ]);
  const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.create", challenge: options.challenge, origin, crossOrigin: false }));
  const attestationObject = cbor({ fmt: "none", attStmt: {}, authData });
  const passkey: SoftPasskey = reuse ?? { id: b64u(credentialId), key: privateKey, userHandle: options.user.id, counter: 0 };
  return {
    passkey,
    response: {
      id: passkey.id,
      rawId: passkey.id,
      type: "public-key",
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
      response: { clientDataJSON: b64u(clientDataJSON), attestationObject: b64u(attestationObject), transports: ["internal"] },
    },
  };
}

/** An authentication response to `options` (from /passkey/authentication-options). */
export function authenticate(passkey: SoftPasskey, options: { challenge: string; rpId: string }, origin: string, userVerified: boolean) {
  passkey.counter += 1;
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(passkey.counter);
  const authenticatorData = Buffer.concat([sha256(options.rpId), Buffer.from([flags(userVerified)]), counter]);
  const clientDataJSON = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge: options.challenge, origin, crossOrigin: false }));
  const signature = sign("sha256", Buffer.concat([authenticatorData, sha256(clientDataJSON)]), passkey.key);
  return {
    id: passkey.id,
    rawId: passkey.id,
    type: "public-key",
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
    response: { clientDataJSON: b64u(clientDataJSON), authenticatorData: b64u(authenticatorData), signature: b64u(signature), userHandle: passkey.userHandle },
  };
}
