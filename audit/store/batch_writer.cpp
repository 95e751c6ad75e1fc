// BatchWriter: evidence rows of one source inserted in batched transactions. Each
// commit closes the open batch with its chained hash and the source's resume position
// in one transaction, so a killed ingest leaves a consistent store that the next run
// resumes. Rows whose natural key exists in their cluster are ignored (INSERT ... ON CONFLICT
// DO NOTHING, plain SQL PostgreSQL accepts too), which makes re-ingest idempotent.
#include "audit/store/batch_writer.h"

#include "audit/store/chain.h"
#include "audit/store/connection.h"
#include "model/time.h"

namespace kg::audit {

using store::Db;
using store::Stmt;

/// A row whose natural key (nkey) is stored already is left alone: re-ingest is idempotent. Both
/// dialects take this clause; without a conflict target it covers whichever unique key the
/// table has (PostgreSQL's partitioned tables need one that includes the partition key).
#define KG_KEEP_EXISTING " ON CONFLICT DO NOTHING"
/// Evidence rows take the next id explicitly (what SQLite's rowid does anyway) rather than from a
/// PostgreSQL sequence, which a row left alone by ON CONFLICT would still advance: ids are then
/// the same in both backends, and so is every batch hash of the chain (it covers ids). Safe
/// because a store has one writer at a time (EvidenceStore's writer lock).
#define KG_NEXT_ID(table) "(SELECT COALESCE(MAX(id), 0) + 1 FROM " table ")"

struct BatchWriter::Stmts {
    Stmt object_version, job, job_label, workload_event, assignment, k8s_event, ns, job_label_lookup,
        job_lookup, activation_lookup, update_resume;
};

BatchWriter::BatchWriter(EvidenceStore& store, std::int64_t source_id)
    : m_store(store), m_source(source_id), m_s(std::make_unique<Stmts>()) {
    Db& db = store.db();
    {
        // Every row and batch of the source is stored under the source's cluster.
        Stmt c(db, "SELECT cluster FROM sources WHERE id = ?");
        c.bind(1, source_id);
        m_cluster = c.step() ? c.text(0) : std::string("default");
    }
    m_s->object_version = Stmt(db,
        "INSERT INTO object_versions(id, batch_id, line, nkey, origin, kind, namespace, name, uid, "
        "resource_version, verb, subresource, code, actor, actor_groups, impersonated, user_agent, time, ts_us, "
        "audit_id, level, request_uri, annotations, body_captured, object_json, request_json, content_hash, cluster) "
        "VALUES (" KG_NEXT_ID("object_versions") ", ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, "
        "?22, ?23, ?24, ?25, ?26, ?27)" KG_KEEP_EXISTING);
    m_s->job = Stmt(db,
        "INSERT INTO jobs(id, batch_id, line, nkey, origin, kind, api_group, namespace, name, uid, created, "
        "created_ts_us, creator, creator_groups, queue_name, priority_class, kueue_mutated, suspend, code, audit_id, "
        "cluster) VALUES (" KG_NEXT_ID("jobs") ", ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20) "
        "ON CONFLICT (cluster, nkey) DO NOTHING");
    m_s->job_label = Stmt(db,
        "INSERT INTO job_label_changes(id, batch_id, line, nkey, kind, namespace, name, uid, label, "
        "old_value, new_value, actor, actor_groups, verb, code, time, ts_us, audit_id, cluster) "
        "VALUES (" KG_NEXT_ID("job_label_changes") ", ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18)" KG_KEEP_EXISTING);
    m_s->workload_event = Stmt(db,
        "INSERT INTO workload_events(id, batch_id, line, nkey, origin, namespace, name, uid, step, time, "
        "ts_us, actor, reason, message, preemptor_uid, preemptor_path, cluster_queue, local_queue, priority, "
        "audit_id, cluster) VALUES (" KG_NEXT_ID("workload_events") ", ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, "
        "?19, ?20)" KG_KEEP_EXISTING);
    m_s->assignment = Stmt(db,
        "INSERT INTO workload_assignments(id, batch_id, line, nkey, namespace, name, reserved_ts_us, "
        "cluster_queue, podset, count, flavor, resource, quantity, milli, cluster) "
        "VALUES (" KG_NEXT_ID("workload_assignments") ", ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)" KG_KEEP_EXISTING);
    m_s->k8s_event = Stmt(db,
        "INSERT INTO k8s_events(id, batch_id, line, nkey, origin, namespace, name, regarding_kind, "
        "regarding_namespace, regarding_name, regarding_uid, type, reason, message, reporting_component, count, "
        "time, ts_us, audit_id, cluster) VALUES (" KG_NEXT_ID("k8s_events") ", ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, "
        "?16, ?17, ?18, ?19)" KG_KEEP_EXISTING);
    m_s->ns = Stmt(db,
        "INSERT INTO namespaces(id, batch_id, line, nkey, origin, name, uid, labels, actor, time, ts_us, "
        "audit_id, cluster) VALUES (" KG_NEXT_ID("namespaces") ", ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)" KG_KEEP_EXISTING);
    m_s->job_label_lookup = Stmt(db,
        "SELECT new_value FROM job_label_changes WHERE namespace = ?1 AND name = ?2 AND label = ?3 AND cluster = ?4 "
        "AND (code IS NULL OR code < 300) ORDER BY ts_us DESC, id DESC LIMIT 1");
    m_s->job_lookup = Stmt(db,
        "SELECT queue_name, priority_class FROM jobs WHERE namespace = ?1 AND name = ?2 AND cluster = ?3 "
        "ORDER BY created_ts_us DESC, id DESC LIMIT 1");
    m_s->activation_lookup = Stmt(db,
        "SELECT step FROM workload_events WHERE namespace = ?1 AND name = ?2 AND cluster = ?3 AND step IN ('deactivated', "
        "'reactivated') ORDER BY ts_us DESC, id DESC LIMIT 1");
    m_s->update_resume = Stmt(db, "UPDATE sources SET resume_offset = ?1, resume_line = ?2 WHERE id = ?3");
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
    if (!m_in_tx) {
        db.begin();
        m_in_tx = true;
    }
    if (m_batch_id != 0) return;
    Stmt seq(db, "SELECT COALESCE(MAX(seq), 0) + 1 FROM batches WHERE source_id = ?");
    seq.bind(1, m_source);
    seq.step();
    Stmt ins(db, "INSERT INTO batches(source_id, seq, first_line, last_line, end_offset, rows, committed_at, "
                 "prev_hash, hash, cluster) VALUES (?, ?, ?, ?, 0, 0, '', '', '', ?) RETURNING id");
    ins.bind(1, m_source).bind(2, seq.int64(0)).bind(3, static_cast<std::int64_t>(line))
        .bind(4, static_cast<std::int64_t>(line)).bind(5, m_cluster);
    ins.step();
    m_batch_id = ins.int64(0);
    ins.reset();
    m_rows = 0;
}

bool BatchWriter::insert(Stmt& s) {
    const bool inserted = s.exec() > 0;
    if (inserted) ++m_rows;
    return inserted;
}

bool BatchWriter::add(const ObjectVersionRow& r) {
    open_batch(r.line);
    Stmt& s = m_s->object_version;
    s.bind(1, m_batch_id).bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.origin)
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
    return insert(s);
}

bool BatchWriter::add(const JobRow& r) {
    open_batch(r.line);
    Stmt& s = m_s->job;
    s.bind(1, m_batch_id).bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.origin)
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
    return insert(s);
}

bool BatchWriter::add(const JobLabelChangeRow& r) {
    open_batch(r.line);
    Stmt& s = m_s->job_label;
    s.bind(1, m_batch_id).bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.kind)
        .bind(5, r.namespace_).bind(6, r.name);
    s.bind_nonempty(7, r.uid);
    s.bind(8, r.label).bind_opt(9, r.old_value).bind_opt(10, r.new_value);
    s.bind_nonempty(11, r.actor.user);
    s.bind(12, r.actor.groups_json).bind(13, r.verb);
    s.bind_opt(14, r.code);
    s.bind(15, r.time).bind(16, r.ts_us);
    s.bind_nonempty(17, r.audit_id);
    s.bind(18, m_cluster);
    return insert(s);
}

bool BatchWriter::add(const WorkloadEventRow& r) {
    open_batch(r.line);
    Stmt& s = m_s->workload_event;
    s.bind(1, m_batch_id).bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.origin)
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
    return insert(s);
}

bool BatchWriter::add(const WorkloadAssignmentRow& r) {
    open_batch(r.line);
    Stmt& s = m_s->assignment;
    s.bind(1, m_batch_id).bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.namespace_)
        .bind(5, r.name).bind(6, r.reserved_ts_us).bind(7, r.cluster_queue).bind(8, r.podset);
    s.bind_opt(9, r.count);
    s.bind(10, r.flavor).bind(11, r.resource).bind(12, r.quantity).bind(13, r.milli);
    s.bind(14, m_cluster);
    return insert(s);
}

bool BatchWriter::add(const K8sEventRow& r) {
    open_batch(r.line);
    Stmt& s = m_s->k8s_event;
    s.bind(1, m_batch_id).bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.origin)
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
    return insert(s);
}

bool BatchWriter::add(const NamespaceRow& r) {
    open_batch(r.line);
    Stmt& s = m_s->ns;
    s.bind(1, m_batch_id).bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.origin)
        .bind(5, r.name);
    s.bind_nonempty(6, r.uid);
    s.bind(7, r.labels_json);
    s.bind_nonempty(8, r.actor);
    s.bind(9, r.time).bind(10, r.ts_us);
    s.bind_nonempty(11, r.audit_id);
    s.bind(12, m_cluster);
    return insert(s);
}

std::optional<std::optional<std::string>> BatchWriter::job_label(const std::string& ns, const std::string& name,
                                                                 const std::string& label) {
    Stmt& l = m_s->job_label_lookup;
    l.bind(1, ns).bind(2, name).bind(3, label).bind(4, m_cluster);
    if (l.step()) {
        std::optional<std::string> v;
        if (!l.is_null(0)) v = l.text(0);
        l.reset();
        return v;
    }
    l.reset();
    Stmt& j = m_s->job_lookup;
    j.bind(1, ns).bind(2, name).bind(3, m_cluster);
    if (j.step()) {
        const int col = label == "kueue.x-k8s.io/queue-name" ? 0 : 1;
        std::optional<std::string> v;
        if (!j.is_null(col)) v = j.text(col);
        j.reset();
        return v;
    }
    j.reset();
    return std::nullopt;
}

std::string BatchWriter::last_activation_step(const std::string& ns, const std::string& name) {
    Stmt& s = m_s->activation_lookup;
    s.bind(1, ns).bind(2, name).bind(3, m_cluster);
    std::string out = s.step() ? s.text(0) : std::string();
    s.reset();
    return out;
}

void BatchWriter::finish_batch(std::uint64_t end_offset, std::uint64_t last_line, bool seal, const BatchInput& input) {
    Db& db = m_store.db();
    if (seal || !input.empty()) open_batch(last_line);
    if (m_batch_id != 0) {
        if (m_rows == 0 && !seal && input.empty()) {
            Stmt del(db, "DELETE FROM batches WHERE id = ?");
            del.bind(1, m_batch_id).exec();
        } else {
            // One chain per cluster: the previous batch is the last one of the same cluster.
            Stmt prev(db, "SELECT hash FROM batches WHERE id < ? AND cluster = ? ORDER BY id DESC LIMIT 1");
            prev.bind(1, m_batch_id).bind(2, m_cluster);
            const std::string prev_hash = prev.step() ? prev.text(0) : std::string();
            Stmt upd(db, "UPDATE batches SET last_line = ?, end_offset = ?, rows = ?, seals_source = ?, "
                         "committed_at = ?, prev_hash = ? WHERE id = ?");
            upd.bind(1, static_cast<std::int64_t>(last_line)).bind(2, static_cast<std::int64_t>(end_offset))
                .bind(3, m_rows).bind(4, std::int64_t{seal ? 1 : 0}).bind(5, model::format_rfc3339(model::reproducible_now())).bind(6, prev_hash)
                .bind(7, m_batch_id);
            upd.exec();
            if (!input.empty() || seal) {  // NULL = not recorded (as in batches written before schema 2)
                Stmt counts(db, "UPDATE batches SET events = ?, kept = ?, bad = ?, skipped = ? WHERE id = ?");
                counts.bind(1, input.events).bind(2, input.kept).bind(3, input.bad).bind(4, input.skipped_json)
                    .bind(5, m_batch_id).exec();
            }
            Stmt ver(db, "UPDATE batches SET chain_version = ? WHERE id = ?");
            ver.bind(1, std::int64_t{store::k_chain_version}).bind(2, m_batch_id).exec();
            // The source record takes its final resume position before a sealing batch hashes it.
            Stmt& r = m_s->update_resume;
            r.bind(1, static_cast<std::int64_t>(end_offset)).bind(2, static_cast<std::int64_t>(last_line)).bind(3, m_source);
            r.exec();
            const store::BatchDigest d = store::batch_digest(db, m_batch_id, prev_hash);
            Stmt h(db, "UPDATE batches SET hash = ? WHERE id = ?");
            h.bind(1, d.hash).bind(2, m_batch_id).exec();
            ++m_batches;
        }
    }
    Stmt& r = m_s->update_resume;
    r.bind(1, static_cast<std::int64_t>(end_offset)).bind(2, static_cast<std::int64_t>(last_line)).bind(3, m_source);
    r.exec();
}

void BatchWriter::commit(std::uint64_t end_offset, std::uint64_t last_line, const BatchInput& input) {
    if (!m_in_tx) {
        m_store.db().begin();
        m_in_tx = true;
    }
    finish_batch(end_offset, last_line, false, input);
    m_store.db().exec("COMMIT");
    m_in_tx = false;
    m_batch_id = 0;
    m_rows = 0;
}

void BatchWriter::seal(std::uint64_t end_offset, std::uint64_t last_line, std::int64_t size,
                       const std::string& sha256, const BatchInput& input) {
    Db& db = m_store.db();
    if (!m_in_tx) {
        db.begin();
        m_in_tx = true;
    }
    // The source record must hold its final values before the sealing batch hashes it.
    Stmt src(db, "UPDATE sources SET size = ?, sha256 = ?, status = 'complete', completed_at = ? WHERE id = ?");
    src.bind(1, size).bind(2, sha256).bind(3, model::format_rfc3339(model::reproducible_now())).bind(4, m_source).exec();
    finish_batch(end_offset, last_line, true, input);
    db.exec("COMMIT");
    m_in_tx = false;
    m_batch_id = 0;
    m_rows = 0;
}

}  // namespace kg::audit
