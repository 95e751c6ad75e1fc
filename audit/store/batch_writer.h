// Writing the evidence of one source: rows go into batches whose commits record where
// the source can resume, so a killed ingest leaves a consistent store.
#pragma once

#include "audit/store/row_buffer.h"
#include "audit/store/store.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>

namespace kg::audit {

/// Inserts evidence rows of one source. Rows wait for the next commit(), which writes them in a
/// new batch and closes it (computing its chained hash) together with the source's resume
/// position, in one transaction. A row whose natural key is waiting already is ignored (add
/// returns false); one whose key is stored already is left out at the commit
/// (take_already_stored counts those).
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

    /// Rows waiting for the next commit (distinct natural keys; some may turn out stored already).
    std::int64_t pending_rows() const;

    /// Rows that add() accepted but the last commits found stored already (counted once, then
    /// reset): the caller moves them from its "added" to its "already stored" count.
    std::int64_t take_already_stored();

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
    /// Inserts the source's resume position unless the newest progress row holds it already.
    void record_progress(std::uint64_t end_offset, std::uint64_t last_line);
    store::PendingRow* pend(store::Table t, std::uint64_t line, const std::string& nkey);
    void begin();
    void end();

    EvidenceStore& m_store;
    std::int64_t m_source;
    std::string m_cluster;  ///< the source's cluster: every row and batch is stored under it
    std::int64_t m_batch_id = 0;  ///< 0 = no batch open
    std::int64_t m_rows = 0;  ///< rows the open batch inserted
    std::optional<std::uint64_t> m_first_line;  ///< line of the first row added since the last commit
    std::int64_t m_already_stored = 0;
    std::int64_t m_batches = 0;
    bool m_in_tx = false;
    std::optional<std::pair<std::uint64_t, std::uint64_t>> m_progress;  ///< the last resume position written
    struct Stmts;
    std::unique_ptr<Stmts> m_s;
};

}  // namespace kg::audit
