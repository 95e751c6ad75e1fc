// The chain head an auditor records outside the store: position, hash and time of the last
// batch plus the schema digest. A head kept elsewhere (a ticket, the report manifest) or
// signed with Ed25519 lets `audit verify` prove the store was not rewritten or cut since:
// the chain alone cannot, because anyone who can write the file can recompute it.
#pragma once

#include "audit/history.h"
#include "model/loader.h"
#include "model/result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace kg::audit {

struct ChainHead {
    std::int64_t sequence = 0;  ///< batches in the chain (the head is batch `sequence`)
    std::string hash;           ///< hash of that batch ("" for an empty store)
    std::string time;           ///< its committed_at
    std::string schema_sha256;  ///< schema digest when the head was taken ("" = not recorded)
};

/// A head with its Ed25519 signature (empty algorithm = unsigned).
struct SignedHead {
    ChainHead head;
    std::string algorithm;   ///< "ed25519"
    std::string public_key;  ///< PEM of the signing key's public half
    std::string signature;   ///< base64
};

/// The head of a verified chain.
ChainHead head_of(const ChainVerification& v);

/// The exact bytes that are signed: a versioned text naming every field of the head.
std::string head_message(const ChainHead& h);

/// Reads `--expect-head`: a file written by `audit head` or `audit sign` (JSON), else a bare
/// 64-hex batch hash (sequence 0 = find it anywhere in the chain).
/// The file is read within the byte limits of `opt`.
model::Result<SignedHead> read_expected_head(const std::string& file_or_hash, const model::LoadOptions& opt = {});

/// What a verified chain says about an expected head: problems when the head is not in the
/// chain at its position (rewritten) or the chain is shorter (tail truncated, store emptied).
struct HeadCheck {
    std::vector<std::string> problems;
    std::int64_t appended = 0;  ///< batches committed after the expected head (allowed)
    /// The chain matches but the schema digest is not the head's, and the store's schema is the
    /// one this binary creates (no "schema: " problem): a migration since the head, not a change.
    bool schema_migrated = false;
};
HeadCheck check_expected_head(const ChainVerification& v, const ChainHead& expected);

}  // namespace kg::audit
