#include "audit/store/queries.h"

#include "audit/store/sqlite.h"
#include "model/cluster.h"
#include "model/loader.h"

#include <algorithm>
#include <climits>
#include <map>
#include <tuple>

namespace kg::audit::query {

using store::Stmt;

namespace {

// Joins a row to the source it came from: "path:line".
constexpr const char* k_evidence_join =
    " JOIN batches b ON b.id = t.batch_id JOIN sources s ON s.id = b.source_id ";

std::string evidence(const Stmt& s, int path_col, int line_col) {
    return s.text(path_col) + ":" + std::to_string(s.int64(line_col));
}

std::optional<std::string> opt_text(const Stmt& s, int col) {
    if (s.is_null(col)) return std::nullopt;
    return s.text(col);
}

std::optional<std::int64_t> opt_int(const Stmt& s, int col) {
    if (s.is_null(col)) return std::nullopt;
    return s.int64(col);
}

/// Parses one stored JSON object through the model's loader (the one JSON/YAML door).
std::optional<model::yaml::Node> parse_json(const std::string& json) {
    model::DiagSink diags;
    model::LoadOptions lo;
    lo.keep_text = false;
    std::optional<model::yaml::Node> out;
    model::parse_objects(0, json, diags, lo, [&](model::yaml::Node&& n) {
        if (!out) out = std::move(n);
    });
    return out;
}

void flatten(const model::yaml::Node& n, const std::string& prefix, std::map<std::string, std::string>& out) {
    using K = model::yaml::Node::Kind;
    switch (n.kind) {
        case K::null: out[prefix] = "null"; break;
        case K::scalar: out[prefix] = n.scalar; break;
        case K::sequence:
            if (n.items.empty()) out[prefix] = "[]";
            for (std::size_t i = 0; i < n.items.size(); ++i) flatten(n.items[i], prefix + "[" + std::to_string(i) + "]", out);
            break;
        case K::mapping:
            if (n.entries.empty()) out[prefix] = "{}";
            for (const auto& e : n.entries) {
                const bool plain = e.key.find_first_of("./[]") == std::string::npos;
                flatten(e.value, plain ? prefix + "." + e.key : prefix + "[\"" + e.key + "\"]", out);
            }
            break;
    }
}

/// The fields a policy change is about: spec, labels, annotations (minus kubectl's copy of the
/// whole object), finalizers and the deletion mark.
std::map<std::string, std::string> policy_fields(const model::yaml::Node& obj) {
    std::map<std::string, std::string> out;
    if (const auto* spec = obj.get("spec")) flatten(*spec, "spec", out);
    if (const auto* meta = obj.get("metadata")) {
        if (const auto* l = meta->get("labels")) flatten(*l, "metadata.labels", out);
        if (const auto* a = meta->get("annotations")) flatten(*a, "metadata.annotations", out);
        if (const auto* f = meta->get("finalizers")) flatten(*f, "metadata.finalizers", out);
        if (const auto* d = meta->get("deletionTimestamp")) flatten(*d, "metadata.deletionTimestamp", out);
    }
    out.erase("metadata.annotations[\"kubectl.kubernetes.io/last-applied-configuration\"]");
    return out;
}

std::vector<audit::FieldChange> diff(const std::map<std::string, std::string>& a,
                                     const std::map<std::string, std::string>& b) {
    std::vector<audit::FieldChange> out;
    auto ia = a.begin();
    auto ib = b.begin();
    while (ia != a.end() || ib != b.end()) {
        if (ib == b.end() || (ia != a.end() && ia->first < ib->first)) {
            out.push_back({ia->first, ia->second, std::nullopt});
            ++ia;
        } else if (ia == a.end() || ib->first < ia->first) {
            out.push_back({ib->first, std::nullopt, ib->second});
            ++ib;
        } else {
            if (ia->second != ib->second) out.push_back({ia->first, ia->second, ib->second});
            ++ia;
            ++ib;
        }
    }
    return out;
}

std::vector<std::string> json_string_array(const std::string& json) {
    std::vector<std::string> out;
    if (json.empty() || json == "[]") return out;
    // Wrap so the loader sees an object, not a top-level sequence it would split into items.
    auto n = parse_json("{\"v\":" + json + "}");
    if (!n) return out;
    if (const auto* v = n->get("v"); v && v->is_sequence())
        for (const auto& i : v->items) out.push_back(i.scalar);
    return out;
}

}  // namespace

std::vector<audit::SourceInfo> sources(const EvidenceStore& st) {
    std::vector<audit::SourceInfo> out;
    Stmt s(st.db(), "SELECT id, path, format, compression, COALESCE(sha256, ''), status, ingested_at, "
                    "COALESCE(completed_at, ''), COALESCE(as_of, ''), size, "
                    "(SELECT COALESCE(SUM(rows), 0) FROM batches b WHERE b.source_id = sources.id), "
                    "(SELECT COUNT(*) FROM batches b WHERE b.source_id = sources.id), "
                    "(SELECT COALESCE(SUM(events), 0) FROM batches b WHERE b.source_id = sources.id), "
                    "(SELECT COALESCE(SUM(kept), 0) FROM batches b WHERE b.source_id = sources.id), "
                    "(SELECT COALESCE(SUM(bad), 0) FROM batches b WHERE b.source_id = sources.id) "
                    "FROM sources ORDER BY id");
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

std::vector<audit::QuotaInterval> quota_intervals(const EvidenceStore& st, std::int64_t from, std::int64_t to) {
    std::vector<audit::QuotaInterval> out;
    // The LocalQueue of each Workload, from whichever step recorded spec.queueName.
    std::map<std::pair<std::string, std::string>, std::string> lq;
    {
        Stmt s(st.db(), "SELECT namespace, name, local_queue FROM workload_events WHERE local_queue IS NOT NULL "
                        "AND local_queue <> '' ORDER BY ts_us, id");
        while (s.step()) lq[{s.text(0), s.text(1)}] = s.text(2);
    }
    struct Assignment {
        std::string cq, flavor, resource;
        std::int64_t milli;
    };
    // (namespace, name, reservation second) -> what was assigned.
    std::map<std::tuple<std::string, std::string, std::int64_t>, std::vector<Assignment>> assigned;
    {
        Stmt s(st.db(), "SELECT namespace, name, reserved_ts_us, cluster_queue, flavor, resource, milli "
                        "FROM workload_assignments ORDER BY id");
        while (s.step())
            assigned[{s.text(0), s.text(1), s.int64(2) / 1'000'000}].push_back(
                {s.text(3), s.text(4), s.text(5), s.int64(6)});
    }
    auto emit = [&](const std::string& ns, const std::string& name, std::int64_t start_us, std::int64_t end_s) {
        const std::int64_t start_s = start_us / 1'000'000;
        const auto it = assigned.find({ns, name, start_s});
        if (it == assigned.end()) return;
        const std::int64_t a = std::max(start_s, from), b = std::min(end_s, to);
        if (b <= a) return;
        const auto q = lq.find({ns, name});
        for (const Assignment& as : it->second) {
            audit::QuotaInterval iv;
            iv.workload = ns + "/" + name;
            iv.cluster_queue = as.cq;
            iv.local_queue = q == lq.end() ? std::string() : q->second;
            iv.namespace_ = ns;
            iv.flavor = as.flavor;
            iv.resource = as.resource;
            iv.milli = as.milli;
            iv.from = a;
            iv.to = b;
            out.push_back(std::move(iv));
        }
    };
    Stmt s(st.db(), "SELECT namespace, name, step, ts_us FROM workload_events "
                    "WHERE step IN ('quota_reserved', 'pending', 'finished', 'deleted') "
                    "ORDER BY namespace, name, ts_us, id");
    std::string cur_ns, cur_name;
    // Start of the open reservation; `open` says whether there is one (a plain pair keeps GCC 12's
    // -Wmaybe-uninitialized quiet, which misfires on std::optional here).
    bool open = false;
    std::int64_t open_us = 0;
    while (s.step()) {
        std::string ns = s.text(0), name = s.text(1), step = s.text(2);
        const std::int64_t ts = s.int64(3);
        if (ns != cur_ns || name != cur_name) {
            if (open) emit(cur_ns, cur_name, open_us, to);
            open = false;
            cur_ns = std::move(ns);
            cur_name = std::move(name);
        }
        if (step == "quota_reserved") {
            // A second reservation without a logged release: the first ended when the second began.
            if (open) emit(cur_ns, cur_name, open_us, ts / 1'000'000);
            open = true;
            open_us = ts;
        } else if (open) {
            emit(cur_ns, cur_name, open_us, ts / 1'000'000);
            open = false;
        }
    }
    if (open) emit(cur_ns, cur_name, open_us, to);
    std::stable_sort(out.begin(), out.end(), [](const audit::QuotaInterval& x, const audit::QuotaInterval& y) {
        return std::tie(x.from, x.workload) < std::tie(y.from, y.workload);
    });
    return out;
}

namespace {

std::vector<audit::QuotaVersion> quotas_of(const std::string& name, const std::string& json) {
    std::vector<audit::QuotaVersion> out;
    model::Cluster c;
    model::DiagSink diags;
    model::LoadOptions lo;
    lo.keep_text = false;
    model::load_text(name, json, c, diags, lo);
    if (c.cluster_queues.empty()) return out;
    const model::ClusterQueue& cq = c.cluster_queues.front();
    for (const model::ResourceGroup& rg : cq.resource_groups)
        for (const model::FlavorQuotas& fq : rg.flavors)
            for (const model::ResourceQuota& rq : fq.resources) {
                audit::QuotaVersion v;
                v.cluster_queue = cq.meta.name.value;
                v.flavor = fq.name.value;
                v.resource = rq.name.value;
                v.nominal_milli = rq.nominal_quota.value.milli_value();
                if (rq.borrowing_limit) v.borrowing_limit_milli = rq.borrowing_limit->value.milli_value();
                if (rq.lending_limit) v.lending_limit_milli = rq.lending_limit->value.milli_value();
                v.cohort = cq.cohort.value;
                out.push_back(std::move(v));
            }
    return out;
}

bool same_quotas(const std::vector<audit::QuotaVersion>& a, const std::vector<audit::QuotaVersion>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const auto& x = a[i];
        const auto& y = b[i];
        if (std::tie(x.flavor, x.resource, x.nominal_milli, x.borrowing_limit_milli, x.lending_limit_milli, x.cohort) !=
            std::tie(y.flavor, y.resource, y.nominal_milli, y.borrowing_limit_milli, y.lending_limit_milli, y.cohort))
            return false;
    }
    return true;
}

}  // namespace

std::vector<audit::QuotaVersion> quota_versions(const EvidenceStore& st, std::int64_t from, std::int64_t to) {
    std::vector<audit::QuotaVersion> out;
    Stmt s(st.db(), "SELECT name, verb, ts_us, object_json FROM object_versions WHERE kind = 'ClusterQueue' "
                    "AND (code IS NULL OR code < 300) AND (object_json IS NOT NULL OR verb = 'delete') "
                    "ORDER BY name, ts_us, id");
    std::string cur;
    std::vector<audit::QuotaVersion> open;  // the revision in force for `cur`
    auto close = [&](std::int64_t end_s) {
        for (audit::QuotaVersion& v : open) {
            v.valid_to = end_s;
            if (v.valid_from < to && v.valid_to > from && v.valid_to > v.valid_from) out.push_back(v);
        }
        open.clear();
    };
    while (s.step()) {
        const std::string name = s.text(0), verb = s.text(1);
        const std::int64_t ts_s = s.int64(2) / 1'000'000;
        if (name != cur) {
            close(INT64_MAX);
            cur = name;
        }
        // A delete of an object still carrying the resource-in-use finalizer only marks it; the
        // quota stays in force until the object is gone, which the log shows as this delete or a
        // later finalizer removal. Treat the delete as the end (the conservative reading).
        if (verb == "delete") {
            close(ts_s);
            continue;
        }
        auto versions = quotas_of(name, s.text(3));
        if (!open.empty() && same_quotas(open, versions)) continue;
        const bool first = open.empty();
        close(ts_s);
        for (audit::QuotaVersion& v : versions) v.valid_from = (first && verb == "snapshot") ? INT64_MIN : ts_s;
        open = std::move(versions);
    }
    close(INT64_MAX);
    return out;
}

std::vector<audit::ObjectChange> object_changes(const EvidenceStore& st, const ChangeFilter& f) {
    std::vector<audit::ObjectChange> out;
    std::string sql =
        "SELECT t.kind, t.namespace, t.name, COALESCE(t.uid, ''), COALESCE(t.resource_version, ''), t.origin, t.verb, "
        "t.code, COALESCE(t.actor, ''), COALESCE(t.actor_groups, '[]'), COALESCE(t.impersonated, ''), "
        "COALESCE(t.user_agent, ''), t.time, t.ts_us, COALESCE(t.audit_id, ''), t.body_captured, t.object_json, "
        "s.path, t.line FROM object_versions t";
    sql += k_evidence_join;
    sql += "WHERE (?1 = '' OR t.namespace = ?1) AND (?2 = '' OR t.name = ?2) AND t.ts_us >= ?3 AND t.ts_us < ?4 "
           "ORDER BY t.kind, t.namespace, t.name, t.ts_us, t.id";
    Stmt s(st.db(), sql);
    s.bind(1, f.namespace_).bind(2, f.name).bind(3, f.from_us.value_or(INT64_MIN)).bind(4, f.to_us.value_or(INT64_MAX));
    std::string cur_key;
    std::optional<std::map<std::string, std::string>> prev;
    while (s.step()) {
        audit::ObjectChange c;
        c.kind = s.text(0);
        if (!f.kinds.empty() && std::find(f.kinds.begin(), f.kinds.end(), c.kind) == f.kinds.end()) continue;
        c.namespace_ = s.text(1);
        c.name = s.text(2);
        const std::string key = c.kind + "/" + c.namespace_ + "/" + c.name;
        if (key != cur_key) {
            prev.reset();
            cur_key = key;
        }
        c.uid = s.text(3);
        c.resource_version = s.text(4);
        c.origin = s.text(5);
        c.verb = s.text(6);
        if (auto code = opt_int(s, 7)) c.code = static_cast<int>(*code);
        c.actor = s.text(8);
        c.actor_groups = json_string_array(s.text(9));
        c.impersonated = s.text(10);
        c.user_agent = s.text(11);
        c.time = s.text(12);
        c.ts_us = s.int64(13);
        c.audit_id = s.text(14);
        c.body_captured = s.int64(15) != 0;
        c.evidence = evidence(s, 17, 18);
        if (auto json = opt_text(s, 16)) {
            if (auto obj = parse_json(*json)) {
                if (const auto* ann = obj->at_path("metadata.annotations"); ann && ann->is_mapping())
                    for (const auto& e : ann->entries)
                        if (e.key != "kubectl.kubernetes.io/last-applied-configuration")
                            c.object_annotations.emplace_back(e.key, e.value.scalar);
                auto fields = policy_fields(*obj);
                const bool refused = c.code && *c.code >= 300;
                if (prev) c.fields = diff(*prev, fields);
                c.first_version = !prev;
                if (!refused) prev = std::move(fields);
            }
        }
        out.push_back(std::move(c));
    }
    std::stable_sort(out.begin(), out.end(),
                     [](const audit::ObjectChange& a, const audit::ObjectChange& b) { return a.ts_us < b.ts_us; });
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
    sql += "WHERE (?1 = '' OR t.namespace = ?1) AND (?2 = '' OR t.name = ?2) ORDER BY t.ts_us, t.id";
    Stmt s(st.db(), sql);
    s.bind(1, ns).bind(2, name);
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
    sql += "WHERE t.code IS NULL OR t.code < 300 ORDER BY t.created_ts_us, t.id";
    Stmt s(st.db(), sql);
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
    sql += "ORDER BY t.ts_us, t.id";
    Stmt s(st.db(), sql);
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
                    "WHERE (?1 = '' OR regarding_namespace = ?1) AND (?2 = '' OR regarding_name = ?2) "
                    "ORDER BY ts_us, id");
    s.bind(1, ns).bind(2, name);
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
    Stmt s(st.db(), "SELECT name, labels, origin, COALESCE(actor, ''), time, ts_us FROM namespaces "
                    "ORDER BY name, ts_us, id");
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
