// Evidence rows of one batch, held in memory until the batch commits and then written with
// multi-row INSERTs. Why: one statement per row costs a server round trip each on PostgreSQL
// (about 6,300 for a 50 MB log), and a batch transaction that stayed open while its input was
// parsed would hold the store's batch lock for the whole parse; buffered, the transaction is
// only the write, so ingests of other clusters parse while this one writes.
#pragma once

#include "audit/sha256.h"
#include "audit/store/connection.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

namespace kg::audit::store {

/// The evidence tables in the chain's digest order (chain.h's k_evidence_tables).
enum class Table : int {
    object_versions,
    jobs,
    job_label_changes,
    workload_events,
    workload_assignments,
    k8s_events,
    namespaces
};
inline constexpr int k_table_count = 7;

/// One buffered value: NULL, an integer or a text (what Stmt binds).
struct Value {
    enum class Kind : std::uint8_t { null, integer, text };
    Kind kind = Kind::null;
    std::int64_t integer = 0;
    std::string text;
};

/// The values of one row in its table's column order, numbered from 1 like Stmt's parameters
/// (1 is batch_id, which the flush fills in). Same binding helpers as Stmt.
class PendingRow {
public:
    explicit PendingRow(int params) : m_values(static_cast<std::size_t>(params)) {}
    PendingRow& bind(int i, std::string_view text);
    PendingRow& bind(int i, std::int64_t value);
    PendingRow& bind_null(int i);
    PendingRow& bind_opt(int i, const std::optional<std::string>& text);
    PendingRow& bind_opt(int i, const std::optional<std::int64_t>& value);
    PendingRow& bind_opt(int i, const std::optional<bool>& value);
    PendingRow& bind_nonempty(int i, const std::string& text);
    /// Every value NULL again, for the row's reuse in a later batch.
    void reset();
    const std::vector<Value>& values() const { return m_values; }

private:
    Value& slot(int i);
    std::vector<Value> m_values;
};

class RowBuffer {
public:
    RowBuffer();
    ~RowBuffer();
    RowBuffer(const RowBuffer&) = delete;
    RowBuffer& operator=(const RowBuffer&) = delete;

    /// A new row of `t` with natural key `nkey` to fill in, or nullptr when the buffer holds that
    /// key already (the later row is a duplicate, as the store's UNIQUE(cluster, nkey) would say).
    /// A key one of the last two committed flushes held is known to be stored: its row is filled
    /// into a scratch row, counted and left out, as the flush's probe would have found it.
    PendingRow* add(Table t, const std::string& nkey);
    /// Rows buffered (distinct natural keys).
    std::int64_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }

    struct Flushed {
        std::int64_t inserted = 0;        ///< rows written under the batch
        std::int64_t already_stored = 0;  ///< rows whose natural key the cluster had already
        /// The chain's digest of the rows written (chain.h), computed from the values as they
        /// were bound, so the batch need not be read back; nullopt when the store could turn a
        /// bound value into another stored value (then the writer reads the rows back).
        std::optional<std::string> rows_digest;
    };
    /// Inside the batch's transaction, under the cluster's writer lock (SQLite: ids are
    /// MAX(id) + 1, as its rowid would give them one INSERT at a time, under the store's one
    /// writer; PostgreSQL: each table's id sequence, schema 7; chain v4 hashes no id):
    /// writes the buffered rows `cluster` does not hold yet under `batch_id`, table by table in
    /// the order they were added, and empties the buffer. Throws model::Fatal when a row it
    /// checked as new was stored by someone else meanwhile (no row is ever dropped silently).
    Flushed flush(Db& db, std::int64_t batch_id, const std::string& cluster);
    /// After the transaction of the last flush committed: its keys are stored from now on.
    void committed();
    void clear();

private:
    struct Pending {
        std::string nkey;
        PendingRow row;
    };
    std::unordered_set<std::string> stored_keys(Db& db, Table t, const std::string& cluster);
    std::int64_t insert(Db& db, Table t, const std::vector<const Pending*>& rows, std::int64_t first_id,
                        std::int64_t batch_id);
    Stmt& statement(Db& db, Table t, int rows);
    bool digestible(Db& db);
    void feed(Sha256& h, Table t, const Pending& p, bool& ok) const;

    std::span<const Pending> in_use(int table) const {
        return {m_rows[static_cast<std::size_t>(table)].data(), m_used[static_cast<std::size_t>(table)]};
    }

    // Per table, the rows of this batch are the first m_used; clear() keeps the rest allocated
    // for the next batch, whose values then reuse their strings' capacity: allocating and
    // freeing each row's twenty-odd strings was a tenth of an ingest's time (issue 18).
    std::array<std::vector<Pending>, k_table_count> m_rows;
    std::array<std::size_t, k_table_count> m_used{};
    using KeySets = std::array<std::unordered_set<std::string>, k_table_count>;
    KeySets m_keys;
    // Kueue rewrites every condition of a Workload in each status patch, so about half of the
    // rows a log yields repeat a row of a recent batch. Remembering the keys of the last two
    // committed batches (bounded memory) spares those rows the buffer, the probe and the flush.
    KeySets m_flushed;              ///< keys of the last flush, until its transaction commits
    KeySets m_known_last, m_known_prev;
    std::vector<PendingRow> m_scratch;  ///< per table: where a known-stored row is filled in
    std::int64_t m_known_hits = 0;  ///< rows left out as known-stored since the last flush
    std::int64_t m_size = 0;
    std::map<std::pair<int, int>, Stmt> m_statements;  ///< (table, rows per INSERT), prepared once
    /// Per table and column (id first), whether the column stores integers (SQLite's INTEGER
    /// affinity, PostgreSQL's BIGINT: 'i') or texts (TEXT: 't'); empty when a table differs.
    std::array<std::string, k_table_count> m_affinity;
    bool m_affinity_read = false;
};

}  // namespace kg::audit::store
