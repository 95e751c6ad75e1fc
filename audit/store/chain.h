// The batch hash chain. A batch's hash is
//   sha256("kueuegov-batch-v1" || prev_hash || batch header || [source record if it seals the
//          source] || digest of its rows),
// where the rows digest covers every column of every row the batch inserted, table by table in
// a fixed order and by id within a table, each value length-prefixed with its SQLite type.
// The writer and `audit verify` call the same function on the stored rows, so any edit,
// insertion or deletion of a row, a batch or a sealed source record changes a hash.
#pragma once

#include <cstdint>
#include <string>

namespace kg::audit::store {

class Db;

/// The evidence tables covered by the chain, in digest order.
extern const char* const k_evidence_tables[7];

struct BatchDigest {
    std::string hash;
    std::int64_t rows = 0;  ///< rows found with this batch_id
};

/// Recomputes the hash of batch `batch_id` from the stored rows and the given previous hash.
BatchDigest batch_digest(Db& db, std::int64_t batch_id, const std::string& prev_hash);

}  // namespace kg::audit::store
