import { createMac, type Mac } from './mac.js';
import { createPasswordHasher, type PasswordHasher } from './password.js';
import { createSecretBox, type SecretBox } from './secret-box.js';

/** Cryptographic services the app needs, injectable so tests can use a cheaper hash cost. */
export interface AppCrypto {
  passwords: PasswordHasher;
  box: SecretBox;
  mac: Mac;
}

/** Production crypto from the master secret. */
export function createAppCrypto(masterSecret: string): AppCrypto {
  return { passwords: createPasswordHasher(), box: createSecretBox(masterSecret), mac: createMac(masterSecret) };
}
