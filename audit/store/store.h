// The audit evidence store: one SQLite file (WAL) holding sources, hash-chained
// batches and the evidence rows. EvidenceStore opens and migrates it; BatchWriter
// (audit/store/batch_writer.h) inserts the rows of one source.
// Reading history goes through audit/store/queries.h.
#pragma once

#include "audit/store/rows.h"
#include "audit/head.h"
#include "audit/history.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace kg::audit {

namespace store {
class Db;
class Stmt;
}  // namespace store

/// What identifies an input before it has been read completely.
struct SourceIdentity {
    std::string path;         ///< as given; "-" for stdin
    std::string format;       ///< audit-jsonl, documents
    std::string compression;  ///< none, gzip
    std::string head_sha256;  ///< sha256 of the first 64 KiB of raw bytes
    std::string mtime;        ///< RFC 3339 or ""
    std::string as_of;        ///< snapshot time used for exports, or ""
    std::string cluster = "default";  ///< the cluster the source came from (schema 4)
};

struct SourceState {
    std::int64_t id = 0;
    bool resumed = false;            ///< a partial ingest of the same file is being completed
    std::uint64_t resume_offset = 0; ///< decompressed bytes already ingested
    std::uint64_t resume_line = 0;
};

class EvidenceStore {
public:
    enum class Access { read_write, read_only };

    /// Opens `path` (created and migrated when read_write, under an exclusive lock held until
    /// destruction: writers take turns). Throws model::Fatal with the path and the reason when it
    /// cannot be opened, is another application's SQLite file, or is newer than this binary.
    /// read_only never writes, and reads a store in a read-only directory as an immutable file.
    EvidenceStore(const std::string& path, Access access);
    ~EvidenceStore();
    EvidenceStore(const EvidenceStore&) = delete;
    EvidenceStore& operator=(const EvidenceStore&) = delete;

    store::Db& db() const { return *m_db; }
    const std::string& path() const;

    /// The id of a completely ingested source of `cluster` with this content hash, if any.
    std::optional<std::int64_t> find_complete_source(const std::string& sha256, const std::string& cluster) const;
    /// The id of a complete source of id.cluster with this head hash and size: a candidate duplicate.
    std::optional<std::int64_t> find_candidate_duplicate(const SourceIdentity& id, std::int64_t size) const;
    /// Finds a partial source of the same cluster with the same path and head hash (to resume
    /// it) or registers a new one. On PostgreSQL it first takes the cluster's writer lock (held
    /// until a source of another cluster is opened or the store is closed): ingests of one
    /// cluster take turns, ingests of different clusters run side by side.
    SourceState open_source(const SourceIdentity& id);

    /// Inside a batch's transaction, before its close row: waits for the store's close lock,
    /// held until the transaction ends, so batches take their commit ordinals (batch_closes.id)
    /// and commit one at a time in that order (PostgreSQL; SQLite's writers take turns anyway).
    void lock_batch();

    /// The clusters the store holds sources of, sorted by name.
    std::vector<std::string> clusters() const;

    /// The cluster every query of audit/store/queries.h reads ("" = all clusters): readers
    /// run once per cluster so objects of the same name in two clusters are never mixed.
    void set_cluster_scope(std::string cluster) { m_scope = std::move(cluster); }
    const std::string& cluster_scope() const { return m_scope; }

    /// Recomputes the hash chain and row ownership and compares the schema with the one this
    /// binary creates (see `kueuegov audit verify`).
    audit::ChainVerification verify() const { return verify_scope(nullptr); }
    /// The same checks for one cluster's evidence only: its chain (each cluster has its own, so
    /// this is complete for that cluster) and its rows, plus the whole schema. A report on one
    /// cluster of a fleet store re-hashes that cluster, not every cluster's rows.
    audit::ChainVerification verify_cluster(const std::string& cluster) const { return verify_scope(&cluster); }

    /// Records a signed head (`audit sign`); signatures are outside the chain (they sign it).
    void add_signature(const SignedHead& s);
    /// The most recent signed head, if any.
    std::optional<SignedHead> latest_signature() const;

private:
    audit::ChainVerification verify_scope(const std::string* cluster) const;

    class WriterLock;
    std::unique_ptr<WriterLock> m_lock;  ///< declared first: released after the connection closes
    std::unique_ptr<store::Db> m_db;
    std::string m_scope;
};

}  // namespace kg::audit
