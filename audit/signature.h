// Ed25519 signatures of the chain head through OpenSSL (EVP_PKEY_ED25519): `audit sign` signs
// head_message() with a private key; `audit verify --pubkey` checks it. Only someone holding
// the private key can make a rewritten store verify against a signed head.
#pragma once

#include "model/loader.h"
#include "model/result.h"

#include <string>

namespace kg::audit {

struct Signature {
    std::string signature_b64;   ///< the 64-byte Ed25519 signature, base64
    std::string public_key_pem;  ///< the signer's public key (SubjectPublicKeyInfo PEM)
};

/// Signs `message` with the Ed25519 private key in the PEM file `key_path` (read within the byte
/// limits of `opt`, so a key path naming a device or FIFO stops at the limit).
model::Result<Signature> sign_ed25519(const std::string& key_path, const std::string& message,
                                      const model::LoadOptions& opt = {});

/// Checks `signature_b64` over `message` with the Ed25519 public key in the PEM file `pub_path`:
/// true when valid, false when not, an error when the key cannot be read or is not Ed25519.
model::Result<bool> verify_ed25519(const std::string& pub_path, const std::string& message,
                                   const std::string& signature_b64, const model::LoadOptions& opt = {});

}  // namespace kg::audit
