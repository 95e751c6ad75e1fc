// The audit evidence store: one SQLite file (WAL) holding sources, hash-chained
// batches and the evidence rows. EvidenceStore opens and migrates it; BatchWriter
// inserts rows of one source in batched transactions, each commit recording where
// the source can resume, so a killed ingest leaves a consistent store.
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

    /// The id of a completely ingested source with this content hash, if any.
    std::optional<std::int64_t> find_complete_source(const std::string& sha256) const;
    /// The id of a complete source with this path, head hash and size: a candidate duplicate.
    std::optional<std::int64_t> find_candidate_duplicate(const SourceIdentity& id, std::int64_t size) const;
    /// Finds a partial source with the same path and head hash (to resume it) or registers a new one.
    SourceState open_source(const SourceIdentity& id);

    /// Recomputes the hash chain and row ownership and compares the schema with the one this
    /// binary creates (see `kueuegov audit verify`).
    audit::ChainVerification verify() const;

    /// Records a signed head (`audit sign`); signatures are outside the chain (they sign it).
    void add_signature(const SignedHead& s);
    /// The most recent signed head, if any.
    std::optional<SignedHead> latest_signature() const;

private:
    class WriterLock;
    std::unique_ptr<WriterLock> m_lock;  ///< declared first: released after the connection closes
    std::unique_ptr<store::Db> m_db;
};

/// Inserts evidence rows of one source. Rows go into the open batch; commit() closes it
/// (computing its chained hash) together with the source's resume position, in one
/// transaction. Rows whose natural key exists are ignored (add returns false).
class BatchWriter {
public:
    BatchWriter(EvidenceStore& store, std::int64_t source_id);
    ~BatchWriter();
    BatchWriter(const BatchWriter&) = delete;
    BatchWriter& operator=(const BatchWriter&) = delete;

    bool add(const ObjectVersionRow& r);
    bool add(const JobRow& r);
    bool add(const JobLabelChangeRow& r);
    bool add(const WorkloadEventRow& r);
    bool add(const WorkloadAssignmentRow& r);
    bool add(const K8sEventRow& r);
    bool add(const NamespaceRow& r);

    /// The last known value of a Job's label before now (rows of this batch included):
    /// nullopt when the Job is unknown, optional<string>{} when known without the label.
    std::optional<std::optional<std::string>> job_label(const std::string& ns, const std::string& name,
                                                        const std::string& label);

    /// The last recorded "deactivated" or "reactivated" step of a Workload ("" when none), so a
    /// write that repeats spec.active does not record a second transition.
    std::string last_activation_step(const std::string& ns, const std::string& name);

    /// Rows inserted into the open batch so far.
    std::int64_t pending_rows() const { return m_rows; }

    /// Commits the open batch (kept when it inserted rows or `input` read events) with the counts
    /// of its input range, and records that the source is ingested up to `end_offset`
    /// decompressed bytes / `last_line`.
    void commit(std::uint64_t end_offset, std::uint64_t last_line, const BatchInput& input = {});

    /// Final commit: marks the source complete with its size and sha256, in a sealing batch
    /// whose hash covers the source record.
    void seal(std::uint64_t end_offset, std::uint64_t last_line, std::int64_t size, const std::string& sha256,
              const BatchInput& input = {});

    std::int64_t batches_committed() const { return m_batches; }

private:
    void open_batch(std::uint64_t line);
    void finish_batch(std::uint64_t end_offset, std::uint64_t last_line, bool seal, const BatchInput& input);
    bool insert(store::Stmt& s);

    EvidenceStore& m_store;
    std::int64_t m_source;
    std::int64_t m_batch_id = 0;  ///< 0 = no batch open
    std::int64_t m_rows = 0;
    std::int64_t m_batches = 0;
    bool m_in_tx = false;
    struct Stmts;
    std::unique_ptr<Stmts> m_s;
};

}  // namespace kg::audit
