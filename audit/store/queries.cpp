// Evidence read from the store: sources, Workload steps, Jobs and their label changes,
// Kueue's events and namespaces. Quota lives in queries_quota.cpp, policy history in
// queries_policy.cpp.
#include "audit/store/queries.h"

#include "audit/store/query_rows.h"

#include <map>

namespace kg::audit::query {

using namespace detail;
using store::Stmt;

std::vector<audit::SourceInfo> sources(const EvidenceStore& st) {
    std::vector<audit::SourceInfo> out;
    Stmt s(st.db(), "SELECT id, path, format, compression, COALESCE(sha256, ''), status, ingested_at, "
                    "COALESCE(completed_at, ''), COALESCE(as_of, ''), size, "
                    "(SELECT COALESCE(SUM(rows), 0) FROM batches b WHERE b.source_id = sources.id), "
                    "(SELECT COUNT(*) FROM batches b WHERE b.source_id = sources.id), "
                    "(SELECT COALESCE(SUM(events), 0) FROM batches b WHERE b.source_id = sources.id), "
                    "(SELECT COALESCE(SUM(kept), 0) FROM batches b WHERE b.source_id = sources.id), "
                    "(SELECT COALESCE(SUM(bad), 0) FROM batches b WHERE b.source_id = sources.id), cluster "
                    "FROM sources WHERE " + source_cluster_clause() + " ORDER BY id");
    bind_scope(s, st);
    Stmt skipped(st.db(), "SELECT skipped FROM batches WHERE source_id = ? AND skipped IS NOT NULL ORDER BY id");
    while (s.step()) {
        audit::SourceInfo i;
        i.id = s.int64(0);
        i.path = s.text(1);
        i.format = s.text(2);
        i.compression = s.text(3);
        i.sha256 = s.text(4);
        i.status = s.text(5);
        i.ingested_at = s.text(6);
        i.completed_at = s.text(7);
        i.as_of = s.text(8);
        i.size = opt_int(s, 9);
        i.rows = s.int64(10);
        i.batches = s.int64(11);
        i.events = s.int64(12);
        i.kept = s.int64(13);
        i.bad = s.int64(14);
        i.cluster = s.text(15);
        std::map<std::string, std::int64_t> by_reason;
        skipped.bind(1, i.id);
        while (skipped.step())
            if (auto obj = parse_json(skipped.text(0)))
                for (const auto& e : obj->entries) by_reason[e.key] += std::stoll(e.value.scalar);
        skipped.reset();
        i.skipped.assign(by_reason.begin(), by_reason.end());
        out.push_back(std::move(i));
    }
    return out;
}

std::vector<audit::WorkloadStep> workload_steps(const EvidenceStore& st, const std::string& ns, const std::string& name) {
    std::vector<audit::WorkloadStep> out;
    std::string sql =
        "SELECT t.namespace, t.name, COALESCE(t.uid, ''), t.step, t.time, t.ts_us, COALESCE(t.actor, ''), "
        "COALESCE(t.reason, ''), COALESCE(t.message, ''), COALESCE(t.preemptor_uid, ''), "
        "COALESCE(t.preemptor_path, ''), COALESCE(t.cluster_queue, ''), COALESCE(t.local_queue, ''), t.priority, "
        "s.path, t.line FROM workload_events t";
    sql += k_evidence_join;
    sql += "WHERE (?1 = '' OR t.namespace = ?1) AND (?2 = '' OR t.name = ?2) AND " + cluster_clause(st, "t") +
           " ORDER BY t.ts_us, t.id";
    Stmt s(st.db(), sql);
    s.bind(1, ns).bind(2, name);
    bind_scope(s, st);
    while (s.step()) {
        audit::WorkloadStep w;
        w.namespace_ = s.text(0);
        w.name = s.text(1);
        w.uid = s.text(2);
        w.step = s.text(3);
        w.time = s.text(4);
        w.ts_us = s.int64(5);
        w.actor = s.text(6);
        w.reason = s.text(7);
        w.message = s.text(8);
        w.preemptor_uid = s.text(9);
        w.preemptor_path = s.text(10);
        w.cluster_queue = s.text(11);
        w.local_queue = s.text(12);
        w.priority = opt_int(s, 13);
        w.evidence = evidence(s, 14, 15);
        out.push_back(std::move(w));
    }
    return out;
}

std::vector<audit::JobRecord> jobs(const EvidenceStore& st) {
    std::vector<audit::JobRecord> out;
    std::string sql =
        "SELECT t.kind, t.api_group, t.namespace, t.name, COALESCE(t.uid, ''), COALESCE(t.created, ''), "
        "t.created_ts_us, COALESCE(t.creator, ''), t.queue_name, t.priority_class, t.kueue_mutated, t.origin, "
        "s.path, t.line FROM jobs t";
    sql += k_evidence_join;
    // Jobs with no creation time first (the oldest) on both backends: PostgreSQL sorts NULL last.
    sql += "WHERE (t.code IS NULL OR t.code < 300) AND " + cluster_clause(st, "t") + " ORDER BY t.created_ts_us NULLS FIRST, t.id";
    Stmt s(st.db(), sql);
    bind_scope(s, st);
    while (s.step()) {
        audit::JobRecord j;
        j.kind = s.text(0);
        j.api_group = s.text(1);
        j.namespace_ = s.text(2);
        j.name = s.text(3);
        j.uid = s.text(4);
        j.created = s.text(5);
        j.created_us = opt_int(s, 6);
        j.creator = s.text(7);
        j.queue_name = opt_text(s, 8);
        j.priority_class = opt_text(s, 9);
        if (auto m = opt_int(s, 10)) j.kueue_mutated = *m != 0;
        j.origin = s.text(11);
        j.evidence = evidence(s, 12, 13);
        out.push_back(std::move(j));
    }
    return out;
}

std::vector<audit::JobLabelChange> job_label_changes(const EvidenceStore& st) {
    std::vector<audit::JobLabelChange> out;
    std::string sql =
        "SELECT t.kind, t.namespace, t.name, t.label, t.old_value, t.new_value, COALESCE(t.actor, ''), t.verb, "
        "t.time, t.ts_us, t.code, s.path, t.line FROM job_label_changes t";
    sql += k_evidence_join;
    sql += "WHERE " + cluster_clause(st, "t") + " ORDER BY t.ts_us, t.id";
    Stmt s(st.db(), sql);
    bind_scope(s, st);
    while (s.step()) {
        audit::JobLabelChange c;
        c.kind = s.text(0);
        c.namespace_ = s.text(1);
        c.name = s.text(2);
        c.label = s.text(3);
        c.old_value = opt_text(s, 4);
        c.new_value = opt_text(s, 5);
        c.actor = s.text(6);
        c.verb = s.text(7);
        c.time = s.text(8);
        c.ts_us = s.int64(9);
        if (auto code = opt_int(s, 10)) c.code = static_cast<int>(*code);
        c.evidence = evidence(s, 11, 12);
        out.push_back(std::move(c));
    }
    return out;
}

std::vector<audit::KueueEvent> kueue_events(const EvidenceStore& st, const std::string& ns, const std::string& name) {
    std::vector<audit::KueueEvent> out;
    Stmt s(st.db(), "SELECT namespace, name, COALESCE(regarding_kind, ''), COALESCE(regarding_namespace, ''), "
                    "COALESCE(regarding_name, ''), COALESCE(type, ''), COALESCE(reason, ''), COALESCE(message, ''), "
                    "COALESCE(reporting_component, ''), count, time, ts_us FROM k8s_events "
                    "WHERE (?1 = '' OR regarding_namespace = ?1) AND (?2 = '' OR regarding_name = ?2) AND " +
                        cluster_clause(st, "") + " ORDER BY ts_us, id");
    s.bind(1, ns).bind(2, name);
    bind_scope(s, st);
    while (s.step()) {
        audit::KueueEvent e;
        e.namespace_ = s.text(0);
        e.name = s.text(1);
        e.regarding_kind = s.text(2);
        e.regarding_namespace = s.text(3);
        e.regarding_name = s.text(4);
        e.type = s.text(5);
        e.reason = s.text(6);
        e.message = s.text(7);
        e.reporting_component = s.text(8);
        e.count = opt_int(s, 9);
        e.time = s.text(10);
        e.ts_us = s.int64(11);
        out.push_back(std::move(e));
    }
    return out;
}

std::vector<audit::NamespaceRecord> namespaces(const EvidenceStore& st) {
    std::vector<audit::NamespaceRecord> out;
    Stmt s(st.db(), "SELECT name, labels, origin, COALESCE(actor, ''), time, ts_us FROM namespaces WHERE " +
                        cluster_clause(st, "") + " ORDER BY name, ts_us, id");
    bind_scope(s, st);
    while (s.step()) {
        audit::NamespaceRecord n;
        n.name = s.text(0);
        if (auto obj = parse_json(s.text(1)))
            for (const auto& e : obj->entries) n.labels.emplace_back(e.key, e.value.scalar);
        n.origin = s.text(2);
        n.actor = s.text(3);
        n.time = s.text(4);
        n.ts_us = s.int64(5);
        out.push_back(std::move(n));
    }
    return out;
}

}  // namespace kg::audit::query
