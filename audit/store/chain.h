// The batch hash chain. A batch's hash is
//   sha256("kueuegov-batch-vN" || prev_hash || batch header || source part || digest of its rows),
// prev_hash being the hash of the previous batch of the same cluster. By chain version
// (batches.chain_version; every version stays verifiable as it was written):
//   v1 (before schema 3) hashes the header and sealed source columns it always did;
//   v2 (schema 3) every column of the header and of a sealed source record (`SELECT *`);
//   v3 (schema 4) the same with the cluster columns, chained per cluster;
//   v4 (schema 7) nothing the store numbers: no row id, batch_id, batch id or source id.
// A v4 header is, in this order: the batch's position in its cluster's chain (1, 2, 3, ...),
// seq, first_line, last_line, end_offset, rows, seals_source, committed_at, events, kept, bad,
// skipped, chain_version, cluster; then the source's identity (path, format, compression,
// head_sha256, mtime, as_of, ingested_at, cluster), in every batch where v3 hashed the source
// id; a sealing batch adds the source's final state (size, sha256, status, resume_offset,
// resume_line, completed_at). Its rows digest covers every column but id and batch_id of every
// row the batch inserted, table by table in k_evidence_tables order and by id within a table
// (ids increase within a batch on both backends). So the same input gives the same chain on
// SQLite (ids MAX(id) + 1) and on PostgreSQL (ids from sequences, interleaved with other
// clusters' batches, with gaps), and moving, swapping or editing a row still changes a hash.
// Each value is fed as its SQLite type tag, then (unless NULL) its text, length-prefixed.
// `audit verify` recomputes every hash from the stored rows, so any edit, insertion or deletion
// of a row, a batch or a sealed source record changes a hash. The writer hashes the rows from
// the values it bound (batch_hash_with_rows), the same bytes the stored rows give back; where it
// cannot be sure of that (a value the store could convert, a table it does not know) it reads
// them back.
// The store-wide order of batches (the store head, `audit head`, ChainVerification::chain) is
// their commit order: batch_closes.id, assigned under the store's close lock (store.h).
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
/// 4 (schema 7): no store-assigned number is hashed (see above), so PostgreSQL writers of
/// different clusters take ids from sequences side by side and lock only to close a batch.
constexpr int k_chain_version = 4;

/// Recomputes the hash of batch `batch_id` from the stored rows and the given previous hash;
/// `position` is the batch's place in its cluster's chain (1 = first), hashed from v4 on.
BatchDigest batch_digest(Db& db, std::int64_t batch_id, const std::string& prev_hash, std::int64_t position);

/// The same hash for a batch of the current chain version whose rows digest the writer
/// computed from the values it inserted (RowBuffer::Flushed::rows_digest): only the header
/// and the source record are read back. `audit verify` recomputes it from the stored rows.
std::string batch_hash_with_rows(Db& db, std::int64_t batch_id, const std::string& prev_hash, std::int64_t position,
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
