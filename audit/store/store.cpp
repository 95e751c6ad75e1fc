#include "audit/store/store.h"

#include "audit/sha256.h"
#include "audit/store/chain.h"
#include "audit/store/schema.h"
#include "audit/store/sqlite.h"
#include "model/result.h"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>

namespace kg::audit {

using store::Db;
using store::Stmt;
using store::Transaction;

namespace {

/// The ingest time recorded in sources and batches (and so covered by the chain).
/// SOURCE_DATE_EPOCH fixes it, as in reproducible builds, so tests get identical stores.
std::string now_rfc3339() {
    std::time_t t = std::time(nullptr);
    if (const char* e = std::getenv("SOURCE_DATE_EPOCH"); e && *e) t = static_cast<std::time_t>(std::atoll(e));
    std::tm tm{};
    gmtime_r(&t, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
    return buf;
}

Stmt& bind_text_or_null(Stmt& s, int i, const std::string& v) {
    return v.empty() ? s.bind_null(i) : s.bind(i, std::string_view(v));
}

Stmt& bind_int_opt(Stmt& s, int i, const std::optional<std::int64_t>& v) { return v ? s.bind(i, *v) : s.bind_null(i); }

Stmt& bind_bool_opt(Stmt& s, int i, const std::optional<bool>& v) {
    return v ? s.bind(i, std::int64_t{*v ? 1 : 0}) : s.bind_null(i);
}

}  // namespace

/// An exclusive flock() on the store file, held by a writing EvidenceStore for its lifetime:
/// two ingests into one store run one after the other, so the second finds the first one's
/// source complete instead of resuming it at the same time. flock and SQLite's fcntl locks are
/// independent on Linux; the descriptor is closed only after SQLite's connection (member order),
/// because closing any descriptor of the file would drop the process's fcntl locks.
class EvidenceStore::WriterLock {
public:
    explicit WriterLock(const std::string& path) {
        if (path.empty() || path == ":memory:" || path.starts_with("file:")) return;
        m_fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (m_fd < 0)
            throw model::Fatal("cannot open evidence store " + path + " for writing: " + std::strerror(errno));
        if (::flock(m_fd, LOCK_EX | LOCK_NB) == 0) return;
        std::fprintf(stderr, "kueuegov: waiting for another ingest into %s to finish\n", path.c_str());
        while (::flock(m_fd, LOCK_EX) != 0) {
            if (errno != EINTR) throw model::Fatal("cannot lock evidence store " + path + ": " + std::strerror(errno));
        }
    }
    ~WriterLock() {
        if (m_fd >= 0) ::close(m_fd);
    }
    WriterLock(const WriterLock&) = delete;
    WriterLock& operator=(const WriterLock&) = delete;

private:
    int m_fd = -1;
};

EvidenceStore::EvidenceStore(const std::string& path, Access access)
    : m_lock(access == Access::read_write ? std::make_unique<WriterLock>(path) : nullptr),
      m_db(std::make_unique<Db>(path, access == Access::read_only ? Db::Mode::read_only
                                                                 : Db::Mode::read_write_create)) {
    if (access == Access::read_write) {
        // Refuse a foreign SQLite file before anything (a pragma included) writes to it; the
        // writer lock makes this check and the migration one step for other writers.
        store::refuse_foreign(*m_db);
        // WAL: readers never block the ingest and a killed writer (also one killed while
        // creating the schema) leaves the last commit intact.
        m_db->exec("PRAGMA journal_mode = WAL");
        m_db->exec("PRAGMA synchronous = NORMAL");
        m_db->exec("PRAGMA foreign_keys = ON");
        migrate(*m_db);
    } else {
        require_current(*m_db);
    }
}

EvidenceStore::~EvidenceStore() = default;

const std::string& EvidenceStore::path() const { return m_db->path(); }

std::optional<std::int64_t> EvidenceStore::find_complete_source(const std::string& sha256) const {
    Stmt s(*m_db, "SELECT id FROM sources WHERE sha256 = ? AND status = 'complete' ORDER BY id LIMIT 1");
    s.bind(1, sha256);
    if (s.step()) return s.int64(0);
    return std::nullopt;
}

std::optional<std::int64_t> EvidenceStore::find_candidate_duplicate(const SourceIdentity& id, std::int64_t size) const {
    Stmt s(*m_db, "SELECT id FROM sources WHERE head_sha256 = ? AND size = ? AND status = 'complete' LIMIT 1");
    s.bind(1, id.head_sha256).bind(2, size);
    if (s.step()) return s.int64(0);
    return std::nullopt;
}

SourceState EvidenceStore::open_source(const SourceIdentity& id) {
    SourceState st;
    if (id.path != "-") {
        Stmt s(*m_db, "SELECT id, resume_offset, resume_line FROM sources WHERE path = ? AND head_sha256 = ? "
                      "AND status = 'partial' ORDER BY id DESC LIMIT 1");
        s.bind(1, id.path).bind(2, id.head_sha256);
        if (s.step()) {
            st.id = s.int64(0);
            st.resumed = true;
            st.resume_offset = static_cast<std::uint64_t>(s.int64(1));
            st.resume_line = static_cast<std::uint64_t>(s.int64(2));
            return st;
        }
    }
    Stmt ins(*m_db, "INSERT INTO sources(path, format, compression, head_sha256, mtime, as_of, status, ingested_at) "
                    "VALUES (?, ?, ?, ?, ?, ?, 'partial', ?)");
    ins.bind(1, id.path).bind(2, id.format).bind(3, id.compression).bind(4, id.head_sha256);
    bind_text_or_null(ins, 5, id.mtime);
    bind_text_or_null(ins, 6, id.as_of);
    ins.bind(7, now_rfc3339());
    ins.exec();
    st.id = m_db->last_insert_rowid();
    return st;
}

audit::ChainVerification EvidenceStore::verify() const {
    audit::ChainVerification v;
    auto problem = [&](std::string p) {
        v.intact = false;
        v.problems.push_back(std::move(p));
    };
    Stmt batches(*m_db, "SELECT b.id, b.source_id, b.seq, b.rows, b.prev_hash, b.hash, COALESCE(s.path, '?'), "
                        "COALESCE(b.chain_version, 1) "
                        "FROM batches b LEFT JOIN sources s ON s.id = b.source_id ORDER BY b.id");
    std::string prev;
    std::vector<std::string> chain;
    std::int64_t newest_version = 1;
    while (batches.step()) {
        const std::int64_t id = batches.int64(0);
        const std::string where = "batch " + std::to_string(id) + " (source " + std::to_string(batches.int64(1)) +
                                  " " + batches.text(6) + ", seq " + std::to_string(batches.int64(2)) + ")";
        ++v.batches;
        if (batches.text_view(4) != prev)
            problem(where + ": prev_hash " + batches.text(4) + " does not match the previous batch's hash " +
                    (prev.empty() ? std::string("(none)") : prev) + " (a batch was removed or reordered)");
        const store::BatchDigest d = store::batch_digest(*m_db, id, batches.text(4));
        v.rows += d.rows;
        if (d.rows != batches.int64(3))
            problem(where + ": holds " + std::to_string(d.rows) + " rows, recorded " +
                    std::to_string(batches.int64(3)) + " (rows were added or deleted)");
        if (d.hash != batches.text_view(5))
            problem(where + ": stored hash " + batches.text(5) + ", recomputed " + d.hash +
                    " (its rows, header or sealed source record were changed)");
        // Once a batch is v2 every later one is: a v1 batch after it was downgraded to hash less.
        if (batches.int64(7) < newest_version)
            problem(where + ": chain version " + std::to_string(batches.int64(7)) + " after a version " +
                    std::to_string(newest_version) + " batch (downgraded to hash fewer fields)");
        newest_version = std::max(newest_version, batches.int64(7));
        prev = batches.text(5);
        chain.push_back(prev);
    }
    v.head = prev;
    v.chain = std::move(chain);
    {
        Stmt last(*m_db, "SELECT committed_at FROM batches ORDER BY id DESC LIMIT 1");
        if (last.step()) v.head_time = last.text(0);
    }
    v.schema_sha256 = store::schema_digest(*m_db);
    for (std::string& d : store::schema_differences(*m_db)) problem("schema: " + d);
    for (const char* table : store::k_evidence_tables) {
        Stmt orphans(*m_db, std::string("SELECT COUNT(*) FROM ") + table +
                                " WHERE batch_id NOT IN (SELECT id FROM batches)");
        if (orphans.step() && orphans.int64(0) != 0)
            problem(std::string(table) + ": " + std::to_string(orphans.int64(0)) +
                    " rows belong to no batch (inserted outside an ingest, or their batch was deleted)");
    }
    Stmt unsealed(*m_db, "SELECT s.id, s.path FROM sources s WHERE s.status = 'complete' AND NOT EXISTS "
                         "(SELECT 1 FROM batches b WHERE b.source_id = s.id AND b.seals_source = 1) ORDER BY s.id");
    while (unsealed.step())
        problem("source " + std::to_string(unsealed.int64(0)) + " " + unsealed.text(1) +
                ": marked complete but no batch seals it");
    return v;
}

void EvidenceStore::add_signature(const SignedHead& sh) {
    Transaction tx(*m_db);
    Stmt ins(*m_db, "INSERT INTO head_signatures(sequence, hash, time, schema_sha256, algorithm, public_key, "
                    "signature, signed_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)");
    ins.bind(1, sh.head.sequence).bind(2, sh.head.hash).bind(3, sh.head.time).bind(4, sh.head.schema_sha256)
        .bind(5, sh.algorithm).bind(6, sh.public_key).bind(7, sh.signature).bind(8, now_rfc3339());
    ins.exec();
    tx.commit();
}

std::optional<SignedHead> EvidenceStore::latest_signature() const {
    Stmt s(*m_db, "SELECT sequence, hash, time, schema_sha256, algorithm, public_key, signature "
                  "FROM head_signatures ORDER BY id DESC LIMIT 1");
    if (!s.step()) return std::nullopt;
    SignedHead out;
    out.head.sequence = s.int64(0);
    out.head.hash = s.text(1);
    out.head.time = s.text(2);
    out.head.schema_sha256 = s.text(3);
    out.algorithm = s.text(4);
    out.public_key = s.text(5);
    out.signature = s.text(6);
    return out;
}

// ---------------------------------------------------------------------------------- writer

struct BatchWriter::Stmts {
    Stmt object_version, job, job_label, workload_event, assignment, k8s_event, ns, job_label_lookup,
        job_lookup, activation_lookup, update_resume;
};

BatchWriter::BatchWriter(EvidenceStore& store, std::int64_t source_id)
    : m_store(store), m_source(source_id), m_s(std::make_unique<Stmts>()) {
    Db& db = store.db();
    m_s->object_version = Stmt(db,
        "INSERT OR IGNORE INTO object_versions(batch_id, line, nkey, origin, kind, namespace, name, uid, "
        "resource_version, verb, subresource, code, actor, actor_groups, impersonated, user_agent, time, ts_us, "
        "audit_id, level, request_uri, annotations, body_captured, object_json, request_json, content_hash) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20, ?21, "
        "?22, ?23, ?24, ?25, ?26)");
    m_s->job = Stmt(db,
        "INSERT OR IGNORE INTO jobs(batch_id, line, nkey, origin, kind, api_group, namespace, name, uid, created, "
        "created_ts_us, creator, creator_groups, queue_name, priority_class, kueue_mutated, suspend, code, audit_id) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)");
    m_s->job_label = Stmt(db,
        "INSERT OR IGNORE INTO job_label_changes(batch_id, line, nkey, kind, namespace, name, uid, label, "
        "old_value, new_value, actor, actor_groups, verb, code, time, ts_us, audit_id) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)");
    m_s->workload_event = Stmt(db,
        "INSERT OR IGNORE INTO workload_events(batch_id, line, nkey, origin, namespace, name, uid, step, time, "
        "ts_us, actor, reason, message, preemptor_uid, preemptor_path, cluster_queue, local_queue, priority, "
        "audit_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)");
    m_s->assignment = Stmt(db,
        "INSERT OR IGNORE INTO workload_assignments(batch_id, line, nkey, namespace, name, reserved_ts_us, "
        "cluster_queue, podset, count, flavor, resource, quantity, milli) "
        "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)");
    m_s->k8s_event = Stmt(db,
        "INSERT OR IGNORE INTO k8s_events(batch_id, line, nkey, origin, namespace, name, regarding_kind, "
        "regarding_namespace, regarding_name, regarding_uid, type, reason, message, reporting_component, count, "
        "time, ts_us, audit_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, "
        "?17, ?18)");
    m_s->ns = Stmt(db,
        "INSERT OR IGNORE INTO namespaces(batch_id, line, nkey, origin, name, uid, labels, actor, time, ts_us, "
        "audit_id) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
    m_s->job_label_lookup = Stmt(db,
        "SELECT new_value FROM job_label_changes WHERE namespace = ?1 AND name = ?2 AND label = ?3 "
        "AND (code IS NULL OR code < 300) ORDER BY ts_us DESC, id DESC LIMIT 1");
    m_s->job_lookup = Stmt(db,
        "SELECT queue_name, priority_class FROM jobs WHERE namespace = ?1 AND name = ?2 "
        "ORDER BY created_ts_us DESC, id DESC LIMIT 1");
    m_s->activation_lookup = Stmt(db,
        "SELECT step FROM workload_events WHERE namespace = ?1 AND name = ?2 AND step IN ('deactivated', "
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
        db.exec("BEGIN IMMEDIATE");
        m_in_tx = true;
    }
    if (m_batch_id != 0) return;
    Stmt seq(db, "SELECT COALESCE(MAX(seq), 0) + 1 FROM batches WHERE source_id = ?");
    seq.bind(1, m_source);
    seq.step();
    Stmt ins(db, "INSERT INTO batches(source_id, seq, first_line, last_line, end_offset, rows, committed_at, "
                 "prev_hash, hash) VALUES (?, ?, ?, ?, 0, 0, '', '', '')");
    ins.bind(1, m_source).bind(2, seq.int64(0)).bind(3, static_cast<std::int64_t>(line))
        .bind(4, static_cast<std::int64_t>(line));
    ins.exec();
    m_batch_id = db.last_insert_rowid();
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
    bind_text_or_null(s, 8, r.uid);
    bind_text_or_null(s, 9, r.resource_version);
    s.bind(10, r.verb);
    bind_text_or_null(s, 11, r.subresource);
    bind_int_opt(s, 12, r.code);
    bind_text_or_null(s, 13, r.actor.user);
    s.bind(14, r.actor.groups_json);
    bind_text_or_null(s, 15, r.actor.impersonated);
    bind_text_or_null(s, 16, r.user_agent);
    s.bind(17, r.time).bind(18, r.ts_us);
    bind_text_or_null(s, 19, r.audit_id);
    bind_text_or_null(s, 20, r.level);
    bind_text_or_null(s, 21, r.request_uri);
    bind_text_or_null(s, 22, r.annotations_json);
    s.bind(23, std::int64_t{r.body_captured ? 1 : 0});
    s.bind_opt(24, r.object_json).bind_opt(25, r.request_json);
    bind_text_or_null(s, 26, r.content_hash);
    return insert(s);
}

bool BatchWriter::add(const JobRow& r) {
    open_batch(r.line);
    Stmt& s = m_s->job;
    s.bind(1, m_batch_id).bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.origin)
        .bind(5, r.kind).bind(6, r.api_group).bind(7, r.namespace_).bind(8, r.name);
    bind_text_or_null(s, 9, r.uid);
    bind_text_or_null(s, 10, r.created);
    bind_int_opt(s, 11, r.created_ts_us);
    bind_text_or_null(s, 12, r.creator.user);
    s.bind(13, r.creator.groups_json);
    s.bind_opt(14, r.queue_name).bind_opt(15, r.priority_class);
    bind_bool_opt(s, 16, r.kueue_mutated);
    bind_bool_opt(s, 17, r.suspend);
    bind_int_opt(s, 18, r.code);
    bind_text_or_null(s, 19, r.audit_id);
    return insert(s);
}

bool BatchWriter::add(const JobLabelChangeRow& r) {
    open_batch(r.line);
    Stmt& s = m_s->job_label;
    s.bind(1, m_batch_id).bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.kind)
        .bind(5, r.namespace_).bind(6, r.name);
    bind_text_or_null(s, 7, r.uid);
    s.bind(8, r.label).bind_opt(9, r.old_value).bind_opt(10, r.new_value);
    bind_text_or_null(s, 11, r.actor.user);
    s.bind(12, r.actor.groups_json).bind(13, r.verb);
    bind_int_opt(s, 14, r.code);
    s.bind(15, r.time).bind(16, r.ts_us);
    bind_text_or_null(s, 17, r.audit_id);
    return insert(s);
}

bool BatchWriter::add(const WorkloadEventRow& r) {
    open_batch(r.line);
    Stmt& s = m_s->workload_event;
    s.bind(1, m_batch_id).bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.origin)
        .bind(5, r.namespace_).bind(6, r.name);
    bind_text_or_null(s, 7, r.uid);
    s.bind(8, r.step).bind(9, r.time).bind(10, r.ts_us);
    bind_text_or_null(s, 11, r.actor);
    bind_text_or_null(s, 12, r.reason);
    bind_text_or_null(s, 13, r.message);
    bind_text_or_null(s, 14, r.preemptor_uid);
    bind_text_or_null(s, 15, r.preemptor_path);
    bind_text_or_null(s, 16, r.cluster_queue);
    bind_text_or_null(s, 17, r.local_queue);
    bind_int_opt(s, 18, r.priority);
    bind_text_or_null(s, 19, r.audit_id);
    return insert(s);
}

bool BatchWriter::add(const WorkloadAssignmentRow& r) {
    open_batch(r.line);
    Stmt& s = m_s->assignment;
    s.bind(1, m_batch_id).bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.namespace_)
        .bind(5, r.name).bind(6, r.reserved_ts_us).bind(7, r.cluster_queue).bind(8, r.podset);
    bind_int_opt(s, 9, r.count);
    s.bind(10, r.flavor).bind(11, r.resource).bind(12, r.quantity).bind(13, r.milli);
    return insert(s);
}

bool BatchWriter::add(const K8sEventRow& r) {
    open_batch(r.line);
    Stmt& s = m_s->k8s_event;
    s.bind(1, m_batch_id).bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.origin)
        .bind(5, r.namespace_).bind(6, r.name);
    bind_text_or_null(s, 7, r.regarding_kind);
    bind_text_or_null(s, 8, r.regarding_namespace);
    bind_text_or_null(s, 9, r.regarding_name);
    bind_text_or_null(s, 10, r.regarding_uid);
    bind_text_or_null(s, 11, r.type);
    bind_text_or_null(s, 12, r.reason);
    bind_text_or_null(s, 13, r.message);
    bind_text_or_null(s, 14, r.reporting_component);
    bind_int_opt(s, 15, r.count);
    s.bind(16, r.time).bind(17, r.ts_us);
    bind_text_or_null(s, 18, r.audit_id);
    return insert(s);
}

bool BatchWriter::add(const NamespaceRow& r) {
    open_batch(r.line);
    Stmt& s = m_s->ns;
    s.bind(1, m_batch_id).bind(2, static_cast<std::int64_t>(r.line)).bind(3, r.nkey).bind(4, r.origin)
        .bind(5, r.name);
    bind_text_or_null(s, 6, r.uid);
    s.bind(7, r.labels_json);
    bind_text_or_null(s, 8, r.actor);
    s.bind(9, r.time).bind(10, r.ts_us);
    bind_text_or_null(s, 11, r.audit_id);
    return insert(s);
}

std::optional<std::optional<std::string>> BatchWriter::job_label(const std::string& ns, const std::string& name,
                                                                 const std::string& label) {
    Stmt& l = m_s->job_label_lookup;
    l.bind(1, ns).bind(2, name).bind(3, label);
    if (l.step()) {
        std::optional<std::string> v;
        if (!l.is_null(0)) v = l.text(0);
        l.reset();
        return v;
    }
    l.reset();
    Stmt& j = m_s->job_lookup;
    j.bind(1, ns).bind(2, name);
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
    s.bind(1, ns).bind(2, name);
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
            Stmt prev(db, "SELECT hash FROM batches WHERE id < ? ORDER BY id DESC LIMIT 1");
            prev.bind(1, m_batch_id);
            const std::string prev_hash = prev.step() ? prev.text(0) : std::string();
            Stmt upd(db, "UPDATE batches SET last_line = ?, end_offset = ?, rows = ?, seals_source = ?, "
                         "committed_at = ?, prev_hash = ? WHERE id = ?");
            upd.bind(1, static_cast<std::int64_t>(last_line)).bind(2, static_cast<std::int64_t>(end_offset))
                .bind(3, m_rows).bind(4, std::int64_t{seal ? 1 : 0}).bind(5, now_rfc3339()).bind(6, prev_hash)
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
        m_store.db().exec("BEGIN IMMEDIATE");
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
        db.exec("BEGIN IMMEDIATE");
        m_in_tx = true;
    }
    // The source record must hold its final values before the sealing batch hashes it.
    Stmt src(db, "UPDATE sources SET size = ?, sha256 = ?, status = 'complete', completed_at = ? WHERE id = ?");
    src.bind(1, size).bind(2, sha256).bind(3, now_rfc3339()).bind(4, m_source).exec();
    finish_batch(end_offset, last_line, true, input);
    db.exec("COMMIT");
    m_in_tx = false;
    m_batch_id = 0;
    m_rows = 0;
}

}  // namespace kg::audit
