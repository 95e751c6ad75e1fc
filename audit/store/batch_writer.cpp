// BatchWriter: evidence rows of one source inserted in batched transactions. Rows wait in
// memory (store/row_buffer.h) until the commit, which writes them, closes the batch with its
// chained hash and records the source's resume position in one transaction, so a killed ingest
// leaves a consistent store that the next run resumes. Rows whose natural key exists in their
// cluster are left out, which makes re-ingest idempotent. Everything is INSERTed, nothing
// updated or deleted (schema 6, audit/store/schema_insert_only.cpp): an ingest role needs no
// UPDATE or DELETE privilege, and a batch that would stay empty is undone by a savepoint.
#include "audit/store/batch_writer.h"

#include "audit/store/chain.h"
#include "audit/store/connection.h"
#include "model/time.h"

#include <unordered_map>

namespace kg::audit {

using store::Db;
using store::Stmt;

using store::PendingRow;
using store::Table;

namespace {
/// The key of the in-batch lookup indexes: fields joined by NUL (no Kubernetes name holds one).
std::string lookup_key(const std::string& a, const std::string& b, const std::string& c = {}) {
    std::string k = a;
    k += '\0';
    k += b;
    k += '\0';
    k += c;
    return k;
}
}  // namespace

struct BatchWriter::Stmts {
    Stmt job_label_lookup, job_lookup, activation_lookup, insert_progress;
    store::RowBuffer rows;
    // The lookups below read the committed rows of the cluster (its writer is alone: the cluster
    // lock) and these indexes of the buffered ones. A buffered row would get a higher id than
    // every stored row, so under the queries' "ORDER BY ts DESC, id DESC" it wins a tie in time,
    // and among buffered rows the later one does.
    struct Label {
        std::int64_t ts_us;
        std::optional<std::string> value;
    };
    std::unordered_map<std::string, Label> labels;  ///< (namespace, name, label) -> newest change
    struct Job {
        std::optional<std::int64_t> created_ts_us;  ///< NULL sorts first, as in SQLite
        std::optional<std::string> queue_name, priority_class;
    };
    std::unordered_map<std::string, Job> jobs;  ///< (namespace, name) -> newest Job row
    struct Step {
        std::int64_t ts_us;
        std::string step;
    };
    std::unordered_map<std::string, Step> activations;  ///< (namespace, name) -> newest (de)activation
};

BatchWriter::BatchWriter(EvidenceStore& store, std::int64_t source_id)
    : m_store(store), m_source(source_id), m_s(std::make_unique<Stmts>()) {
    Db& db = store.db();
    if (db.dialect() == store::Dialect::postgres) {
        // The writer's session looks rows up by key only (existence probes, a Workload's last
        // step, a Job's last label, a batch's rows). While a table is small or never analyzed
        // (a new store, cluster or month), the planner finds a scan of its few pages cheapest,
        // and a prepared statement keeps that plan as the ingest grows the table, until
        // autovacuum's next analysis: every lookup then reads the whole table (issue 15 5a).
        // Off, a sequential scan is only planned where no index serves a query.
        db.exec("SET enable_seqscan = off");
    }
    {
        // Every row and batch of the source is stored under the source's cluster.
        Stmt c(db, "SELECT cluster FROM sources WHERE id = ?");
        c.bind(1, source_id);
        m_cluster = c.step() ? c.text(0) : std::string("default");
    }
    m_s->job_label_lookup = Stmt(db,
        "SELECT new_value, ts_us FROM job_label_changes WHERE namespace = ?1 AND name = ?2 AND label = ?3 AND cluster = ?4 "
        "AND (code IS NULL OR code < 300) ORDER BY ts_us DESC, id DESC LIMIT 1");
    // A Job with no creation time counts as the oldest, on both backends: SQLite sorts NULL
    // lowest and PostgreSQL highest, so the NULLS clause is what makes them agree.
    m_s->job_lookup = Stmt(db,
        "SELECT queue_name, priority_class, created_ts_us FROM jobs WHERE namespace = ?1 AND name = ?2 AND cluster = ?3 "
        "ORDER BY created_ts_us DESC NULLS LAST, id DESC LIMIT 1");
    m_s->activation_lookup = Stmt(db,
        "SELECT step, ts_us FROM workload_events WHERE namespace = ?1 AND name = ?2 AND cluster = ?3 AND step IN ('deactivated', "
        "'reactivated') ORDER BY ts_us DESC, id DESC LIMIT 1");
    m_s->insert_progress = Stmt(db, "INSERT INTO source_progress(source_id, resume_offset, resume_line) VALUES (?1, ?2, ?3)");
}

BatchWriter::~BatchWriter() {
    if (m_in_tx) {
        try {
            m_store.db().exec("ROLLBACK");
        } catch (...) {  // never throw from a destructor; SQLite rolls back on close anyway
        }
    }
}

void BatchWriter::open_batch(std::uint64_t line) {
    Db& db = m_store.db();
    Stmt seq(db, "SELECT COALESCE(MAX(seq), 0) + 1 FROM batch_rows WHERE source_id = ?");
    seq.bind(1, m_source);
    seq.step();
    // The batch's identity first (its rows reference it); batch_closes gets the rest after them.
    Stmt ins(db, "INSERT INTO batch_rows(source_id, seq, first_line, cluster) VALUES (?, ?, ?, ?) RETURNING id");
    ins.bind(1, m_source).bind(2, seq.int64(0)).bind(3, static_cast<std::int64_t>(line)).bind(4, m_cluster);
    ins.step();
    m_batch_id = ins.int64(0);
    ins.reset();
    m_rows = 0;
}

PendingRow* BatchWriter::pend(Table t, std::uint64_t line, const std::string& nkey) {
    // The batch's first line is that of its first row, stored already or not (as before buffering).
    if (!m_first_line) m_first_line = line;
    return m_s->rows.add(t, nkey);
}

std::int64_t BatchWriter::pending_rows() const { return m_s->rows.size(); }

bool BatchWriter::add(const ObjectVersionRow& r) {
    PendingRow* row = pend(Table::object_versions, r.line, r.nkey);
    if (!row) return false;
    PendingRow& s = *row;
    s.bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.origin)
        .bind(5, r.kind).bind(6, r.namespace_).bind(7, r.name);
    s.bind_nonempty(8, r.uid);
    s.bind_nonempty(9, r.resource_version);
    s.bind(10, r.verb);
    s.bind_nonempty(11, r.subresource);
    s.bind_opt(12, r.code);
    s.bind_nonempty(13, r.actor.user);
    s.bind(14, r.actor.groups_json);
    s.bind_nonempty(15, r.actor.impersonated);
    s.bind_nonempty(16, r.user_agent);
    s.bind(17, r.time).bind(18, r.ts_us);
    s.bind_nonempty(19, r.audit_id);
    s.bind_nonempty(20, r.level);
    s.bind_nonempty(21, r.request_uri);
    s.bind_nonempty(22, r.annotations_json);
    s.bind(23, std::int64_t{r.body_captured ? 1 : 0});
    s.bind_opt(24, r.object_json).bind_opt(25, r.request_json);
    s.bind_nonempty(26, r.content_hash);
    s.bind(27, m_cluster);
    return true;
}

bool BatchWriter::add(const JobRow& r) {
    PendingRow* row = pend(Table::jobs, r.line, r.nkey);
    if (!row) return false;
    PendingRow& s = *row;
    s.bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.origin)
        .bind(5, r.kind).bind(6, r.api_group).bind(7, r.namespace_).bind(8, r.name);
    s.bind_nonempty(9, r.uid);
    s.bind_nonempty(10, r.created);
    s.bind_opt(11, r.created_ts_us);
    s.bind_nonempty(12, r.creator.user);
    s.bind(13, r.creator.groups_json);
    s.bind_opt(14, r.queue_name).bind_opt(15, r.priority_class);
    s.bind_opt(16, r.kueue_mutated);
    s.bind_opt(17, r.suspend);
    s.bind_opt(18, r.code);
    s.bind_nonempty(19, r.audit_id);
    s.bind(20, m_cluster);
    auto [it, fresh] = m_s->jobs.try_emplace(lookup_key(r.namespace_, r.name));
    if (fresh || !it->second.created_ts_us || (r.created_ts_us && *r.created_ts_us >= *it->second.created_ts_us))
        it->second = {r.created_ts_us, r.queue_name, r.priority_class};
    return true;
}

bool BatchWriter::add(const JobLabelChangeRow& r) {
    PendingRow* row = pend(Table::job_label_changes, r.line, r.nkey);
    if (!row) return false;
    PendingRow& s = *row;
    s.bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.kind)
        .bind(5, r.namespace_).bind(6, r.name);
    s.bind_nonempty(7, r.uid);
    s.bind(8, r.label).bind_opt(9, r.old_value).bind_opt(10, r.new_value);
    s.bind_nonempty(11, r.actor.user);
    s.bind(12, r.actor.groups_json).bind(13, r.verb);
    s.bind_opt(14, r.code);
    s.bind(15, r.time).bind(16, r.ts_us);
    s.bind_nonempty(17, r.audit_id);
    s.bind(18, m_cluster);
    if (!r.code || *r.code < 300) {
        auto [it, fresh] = m_s->labels.try_emplace(lookup_key(r.namespace_, r.name, r.label));
        if (fresh || r.ts_us >= it->second.ts_us) it->second = {r.ts_us, r.new_value};
    }
    return true;
}

bool BatchWriter::add(const WorkloadEventRow& r) {
    PendingRow* row = pend(Table::workload_events, r.line, r.nkey);
    if (!row) return false;
    PendingRow& s = *row;
    s.bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.origin)
        .bind(5, r.namespace_).bind(6, r.name);
    s.bind_nonempty(7, r.uid);
    s.bind(8, r.step).bind(9, r.time).bind(10, r.ts_us);
    s.bind_nonempty(11, r.actor);
    s.bind_nonempty(12, r.reason);
    s.bind_nonempty(13, r.message);
    s.bind_nonempty(14, r.preemptor_uid);
    s.bind_nonempty(15, r.preemptor_path);
    s.bind_nonempty(16, r.cluster_queue);
    s.bind_nonempty(17, r.local_queue);
    s.bind_opt(18, r.priority);
    s.bind_nonempty(19, r.audit_id);
    s.bind(20, m_cluster);
    if (r.step == "deactivated" || r.step == "reactivated") {
        auto [it, fresh] = m_s->activations.try_emplace(lookup_key(r.namespace_, r.name));
        if (fresh || r.ts_us >= it->second.ts_us) it->second = {r.ts_us, r.step};
    }
    return true;
}

bool BatchWriter::add(const WorkloadAssignmentRow& r) {
    PendingRow* row = pend(Table::workload_assignments, r.line, r.nkey);
    if (!row) return false;
    PendingRow& s = *row;
    s.bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.namespace_)
        .bind(5, r.name).bind(6, r.reserved_ts_us).bind(7, r.cluster_queue).bind(8, r.podset);
    s.bind_opt(9, r.count);
    s.bind(10, r.flavor).bind(11, r.resource).bind(12, r.quantity).bind(13, r.milli);
    s.bind(14, m_cluster);
    return true;
}

bool BatchWriter::add(const K8sEventRow& r) {
    PendingRow* row = pend(Table::k8s_events, r.line, r.nkey);
    if (!row) return false;
    PendingRow& s = *row;
    s.bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.origin)
        .bind(5, r.namespace_).bind(6, r.name);
    s.bind_nonempty(7, r.regarding_kind);
    s.bind_nonempty(8, r.regarding_namespace);
    s.bind_nonempty(9, r.regarding_name);
    s.bind_nonempty(10, r.regarding_uid);
    s.bind_nonempty(11, r.type);
    s.bind_nonempty(12, r.reason);
    s.bind_nonempty(13, r.message);
    s.bind_nonempty(14, r.reporting_component);
    s.bind_opt(15, r.count);
    s.bind(16, r.time).bind(17, r.ts_us);
    s.bind_nonempty(18, r.audit_id);
    s.bind(19, m_cluster);
    return true;
}

bool BatchWriter::add(const NamespaceRow& r) {
    PendingRow* row = pend(Table::namespaces, r.line, r.nkey);
    if (!row) return false;
    PendingRow& s = *row;
    s.bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.origin)
        .bind(5, r.name);
    s.bind_nonempty(6, r.uid);
    s.bind(7, r.labels_json);
    s.bind_nonempty(8, r.actor);
    s.bind(9, r.time).bind(10, r.ts_us);
    s.bind_nonempty(11, r.audit_id);
    s.bind(12, m_cluster);
    return true;
}

std::optional<std::optional<std::string>> BatchWriter::job_label(const std::string& ns, const std::string& name,
                                                                 const std::string& label) {
    const auto buffered = m_s->labels.find(lookup_key(ns, name, label));
    Stmt& l = m_s->job_label_lookup;
    l.bind(1, ns).bind(2, name).bind(3, label).bind(4, m_cluster);
    if (l.step()) {
        std::optional<std::string> v;
        if (!l.is_null(0)) v = l.text(0);
        const std::int64_t ts = l.int64(1);
        l.reset();
        if (buffered != m_s->labels.end() && buffered->second.ts_us >= ts) return buffered->second.value;
        return v;
    }
    l.reset();
    if (buffered != m_s->labels.end()) return buffered->second.value;
    const int col = label == "kueue.x-k8s.io/queue-name" ? 0 : 1;
    const auto job = m_s->jobs.find(lookup_key(ns, name));
    auto from_buffer = [&] { return col == 0 ? job->second.queue_name : job->second.priority_class; };
    Stmt& j = m_s->job_lookup;
    j.bind(1, ns).bind(2, name).bind(3, m_cluster);
    if (j.step()) {
        std::optional<std::string> v;
        if (!j.is_null(col)) v = j.text(col);
        std::optional<std::int64_t> ts;
        if (!j.is_null(2)) ts = j.int64(2);
        j.reset();
        if (job != m_s->jobs.end() && (!ts || (job->second.created_ts_us && *job->second.created_ts_us >= *ts)))
            return from_buffer();
        return v;
    }
    j.reset();
    if (job != m_s->jobs.end()) return from_buffer();
    return std::nullopt;
}

std::string BatchWriter::last_activation_step(const std::string& ns, const std::string& name) {
    const auto buffered = m_s->activations.find(lookup_key(ns, name));
    Stmt& s = m_s->activation_lookup;
    s.bind(1, ns).bind(2, name).bind(3, m_cluster);
    std::string out;
    std::int64_t ts = 0;
    const bool stored = s.step();
    if (stored) {
        out = s.text(0);
        ts = s.int64(1);
    }
    s.reset();
    if (buffered != m_s->activations.end() && (!stored || buffered->second.ts_us >= ts)) return buffered->second.step;
    return out;
}

void BatchWriter::record_progress(std::uint64_t end_offset, std::uint64_t last_line) {
    const auto at = std::make_pair(end_offset, last_line);
    if (m_progress == at) return;  // the newest progress row says so already
    Stmt& p = m_s->insert_progress;
    p.bind(1, m_source).bind(2, static_cast<std::int64_t>(end_offset)).bind(3, static_cast<std::int64_t>(last_line));
    p.exec();
    m_progress = at;
}

void BatchWriter::finish_batch(std::uint64_t end_offset, std::uint64_t last_line, bool seal, const BatchInput& input) {
    Db& db = m_store.db();
    if (m_s->rows.empty() && !seal && input.empty()) {
        record_progress(end_offset, last_line);
        return;
    }
    // A savepoint instead of DELETE: a batch whose rows all turn out stored already, with no
    // input counts to record, is undone (its batch_rows id is handed out again, as DELETE did).
    db.exec("SAVEPOINT kg_batch");
    open_batch(m_first_line && !m_s->rows.empty() ? *m_first_line : last_line);
    store::RowBuffer::Flushed f = m_s->rows.flush(db, m_batch_id, m_cluster);
    m_rows = f.inserted;
    m_already_stored += f.already_stored;
    // The rows' part of the hash, when the flush computed it from the values it bound.
    const std::optional<std::string> rows_digest = std::move(f.rows_digest);
    if (m_rows == 0 && !seal && input.empty()) {
        db.exec("ROLLBACK TO SAVEPOINT kg_batch; RELEASE SAVEPOINT kg_batch");
        m_batch_id = 0;
        record_progress(end_offset, last_line);
        return;
    }
    db.exec("RELEASE SAVEPOINT kg_batch");
    // One chain per cluster: the previous batch is the cluster's last one in commit order (the
    // cluster's writer lock keeps it so until this commit), and this batch's position follows it.
    Stmt prev(db, "SELECT c.hash FROM batch_closes c JOIN batch_rows r ON r.id = c.batch_id WHERE r.cluster = ?1 "
                  "ORDER BY c.id DESC LIMIT 1");
    prev.bind(1, m_cluster);
    const std::string prev_hash = prev.step() ? prev.text(0) : std::string();
    Stmt count(db, "SELECT COUNT(*) FROM batch_closes c JOIN batch_rows r ON r.id = c.batch_id WHERE r.cluster = ?1");
    count.bind(1, m_cluster).step();
    const std::int64_t position = count.int64(0) + 1;
    // The source record takes its final resume position before a sealing batch hashes it.
    record_progress(end_offset, last_line);
    // The close's id is the batch's place in the store-wide commit order (the store head's order).
    Stmt close(db, "INSERT INTO batch_closes(id, batch_id, last_line, end_offset, rows, seals_source, committed_at, "
                   "prev_hash, hash, events, kept, bad, skipped, chain_version) "
                   "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
    const std::string committed_at = model::format_rfc3339(model::reproducible_now());
    auto insert_close = [&](std::int64_t id, std::string_view hash) {  // PostgreSQL's reset() drops the bindings
        close.bind(1, id).bind(2, m_batch_id).bind(3, static_cast<std::int64_t>(last_line))
            .bind(4, static_cast<std::int64_t>(end_offset)).bind(5, m_rows).bind(6, std::int64_t{seal ? 1 : 0})
            .bind(7, committed_at).bind(8, prev_hash).bind(9, hash);
        if (!input.empty() || seal)
            close.bind(10, input.events).bind(11, input.kept).bind(12, input.bad).bind(13, input.skipped_json);
        else  // NULL = not recorded (as in batches written before schema 2)
            close.bind_null(10).bind_null(11).bind_null(12).bind_null(13);
        close.bind(14, std::int64_t{store::k_chain_version});
        close.exec();
    };
    // The hash covers the header, which readers see only once the close row exists: it is
    // computed over a trial close row (hash '') that a savepoint then takes back, and the close
    // is inserted once more with it, so no row is ever updated. The trial's id, minus the batch
    // id, is the batch's own: no other writer's close, committed or not, has it, so the trial
    // waits for nobody; the hash (chain v4) covers no id.
    db.exec("SAVEPOINT kg_close");
    insert_close(-m_batch_id, "");
    // Reading the batch's rows back to hash them was 7% of an ingest (issue 18); the flush
    // hashed them as it bound them. `audit verify` still hashes the stored rows.
    const std::string hash = rows_digest
                                 ? store::batch_hash_with_rows(db, m_batch_id, prev_hash, position, *rows_digest)
                                 : store::batch_digest(db, m_batch_id, prev_hash, position).hash;
    db.exec("ROLLBACK TO SAVEPOINT kg_close; RELEASE SAVEPOINT kg_close");
    // Only the close step is store-wide: under the store's close lock, held until COMMIT, the
    // batch takes the next commit ordinal, so batches of all clusters commit in ordinal order and
    // a head recorded at any time is a prefix of every later one.
    m_store.lock_batch();
    Stmt ordinal(db, "SELECT COALESCE(MAX(id), 0) + 1 FROM batch_closes");
    ordinal.step();
    insert_close(ordinal.int64(0), hash);
    ++m_batches;
}

void BatchWriter::begin() {
    // The batch's transaction. It takes the store's close lock only to close the batch
    // (finish_batch): ingests of other clusters write their rows meanwhile.
    m_store.db().begin();
    m_in_tx = true;
}

void BatchWriter::end() {
    m_store.db().exec("COMMIT");
    m_s->rows.committed();
    m_in_tx = false;
    m_batch_id = 0;
    m_rows = 0;
    m_first_line.reset();
    m_s->labels.clear();
    m_s->jobs.clear();
    m_s->activations.clear();
}

void BatchWriter::commit(std::uint64_t end_offset, std::uint64_t last_line, const BatchInput& input) {
    begin();
    finish_batch(end_offset, last_line, false, input);
    end();
}

void BatchWriter::seal(std::uint64_t end_offset, std::uint64_t last_line, std::int64_t size,
                       const std::string& sha256, const BatchInput& input) {
    Db& db = m_store.db();
    begin();
    // The source record must hold its final values before the sealing batch hashes it.
    Stmt src(db, "INSERT INTO source_seals(source_id, size, sha256, completed_at) VALUES (?, ?, ?, ?)");
    src.bind(1, m_source).bind(2, size).bind(3, sha256).bind(4, model::format_rfc3339(model::reproducible_now())).exec();
    finish_batch(end_offset, last_line, true, input);
    end();
}

std::int64_t BatchWriter::take_already_stored() {
    const std::int64_t n = m_already_stored;
    m_already_stored = 0;
    return n;
}

}  // namespace kg::audit
