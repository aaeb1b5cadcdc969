// The part of http_ece (Web Push's content encoding) the push tests use.
declare module "http_ece" {
  import type { ECDH } from "node:crypto";
  type Params = { version: "aes128gcm" | "aesgcm"; privateKey?: ECDH; authSecret?: string; dh?: string; keyid?: string };
  const ece: { decrypt(buffer: Buffer, params: Params): Buffer; encrypt(buffer: Buffer, params: Params): Buffer };
  export default ece;
}
