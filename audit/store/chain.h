// The batch hash chain. A batch's hash is
//   sha256("kueuegov-batch-v2" || prev_hash || batch header || [source record if it seals the
//          source] || digest of its rows),
// where v2 (batches.chain_version = 2) hashes every column of the header and of the source
// record; v1 batches (written before schema 3) hash the columns they always did; v3 (schema 4)
// adds the cluster columns and chains per cluster (prev_hash = the same cluster's last batch).
// where the rows digest covers every column of every row the batch inserted, table by table in
// a fixed order and by id within a table, each value length-prefixed with its SQLite type.
// `audit verify` recomputes it from the stored rows, so any edit, insertion or deletion of a
// row, a batch or a sealed source record changes a hash. The SQLite writer hashes the rows from
// the values it bound (batch_hash_with_rows), the same bytes the stored rows give back; where
// it cannot be sure of that (PostgreSQL, a value SQLite could convert) it reads them back.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace kg::audit::store {

class Db;

/// The evidence tables covered by the chain, in digest order.
extern const char* const k_evidence_tables[7];

struct BatchDigest {
    std::string hash;
    std::int64_t rows = 0;  ///< rows found with this batch_id
};

/// The chain version new batches are written with.
/// 3 (schema 4): the cluster columns are hashed, and a batch chains to the previous batch of
/// its own cluster, so each cluster's evidence is one chain that ingests of other clusters
/// never interleave with.
constexpr int k_chain_version = 3;

/// Recomputes the hash of batch `batch_id` from the stored rows and the given previous hash.
BatchDigest batch_digest(Db& db, std::int64_t batch_id, const std::string& prev_hash);

/// The same hash for a batch of the current chain version whose rows digest the writer
/// computed from the values it inserted (RowBuffer::Flushed::rows_digest): only the header
/// and the source record are read back. `audit verify` recomputes it from the stored rows.
std::string batch_hash_with_rows(Db& db, std::int64_t batch_id, const std::string& prev_hash,
                                 const std::string& rows_digest);

/// sha256 over the store's schema: every sqlite_master entry (tables, views, indexes, triggers,
/// with their SQL), the schema_migrations rows and the application id. Part of a signed head.
std::string schema_digest(Db& db);

/// One evidence row's content for comparing two stores: sha256 over every column except id and
/// batch_id (which depend on the store), and the source that inserted it.
struct RowContent {
    std::string digest;
    std::int64_t source_id = 0;
    std::int64_t line = 0;
};

/// Every evidence row, keyed by "table nkey" (+ " in cluster NAME" outside cluster default).
std::map<std::string, RowContent> row_contents(Db& db);

/// How the store's schema differs from the schema this binary creates (a planted trigger, an
/// extra table, view or index, an altered definition, a migration row edited), one line each.
std::vector<std::string> schema_differences(Db& db);

}  // namespace kg::audit::store
