// Cloud audit-log wrappers (audit/ingest/cloud/): the same logical events carried by a GKE
// LogEntry, an EKS CloudWatch Logs event or an AKS diagnostic record give the same evidence as
// the plain audit log (testdata/audit/cloud/, written by make_fixtures.py), and broken records
// inside a wrapper are counted as bad and reported with file:line.
#include "audit/store/policy_snapshot.h"
#include "audit/store/queries.h"
#include "audit_test_util.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using namespace kg::audit;
using kg::audit::test::TempPath;

namespace {

std::string opt_text(const std::optional<std::string>& s) { return s ? *s : "(none)"; }
template <typename T>
std::string opt_num(const std::optional<T>& v) { return v ? std::to_string(*v) : "(none)"; }

/// Everything the store holds that a wrapper must preserve, one line per row, without the
/// evidence position (file:line differs by design). GKE logs no groups, impersonation, query
/// string or stage, so for it those are left out.
std::string snapshot(const std::string& path, bool gke) {
    TempPath db("cloud-" + std::to_string(std::hash<std::string>{}(path)));
    EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
    const auto in = test::ingest_file(st, path);
    REQUIRE(in.result.status == ingest::SourceResult::Status::ingested);
    CHECK(in.result.counts.bad == 0);
    CHECK(in.diag.empty());
    std::ostringstream s;
    s << "kept " << in.result.counts.kept << "\n";
    for (const ObjectChange& c : query::object_changes(st)) {
        s << "change " << c.kind << " " << c.namespace_ << "/" << c.name << " " << c.uid << " " << c.resource_version
          << " " << c.verb << " " << opt_num(c.code) << " " << c.actor << " " << c.user_agent << " " << c.time << " "
          << c.ts_us << " " << c.audit_id << " body=" << c.body_captured << " first=" << c.first_version;
        if (!gke) {
            s << " groups=";
            for (const auto& g : c.actor_groups) s << g << ",";
            s << " as=" << c.impersonated;
        }
        for (const auto& [k, v] : c.object_annotations) s << " ann " << k << "=" << v;
        for (const auto& f : c.fields) s << " field " << f.path << ":" << opt_text(f.before) << "->" << opt_text(f.after);
        s << "\n";
    }
    for (const auto& o : query::policy_objects_at(st, INT64_MAX))
        s << "object " << o.kind << " " << o.namespace_ << "/" << o.name << " " << o.time << " " << o.json << "\n";
    for (const WorkloadStep& w : query::workload_steps(st))
        s << "step " << w.namespace_ << "/" << w.name << " " << w.uid << " " << w.step << " " << w.time << " " << w.actor
          << " " << w.reason << " " << w.message << " " << w.cluster_queue << " " << w.local_queue << " "
          << opt_num(w.priority) << " " << w.preemptor_uid << " " << w.preemptor_path << "\n";
    for (const JobRecord& j : query::jobs(st))
        s << "job " << j.kind << " " << j.namespace_ << "/" << j.name << " " << j.uid << " " << j.created << " "
          << j.creator << " " << opt_text(j.queue_name) << " " << opt_text(j.priority_class) << " "
          << (j.kueue_mutated ? std::to_string(*j.kueue_mutated) : "?") << "\n";
    for (const JobLabelChange& l : query::job_label_changes(st))
        s << "relabel " << l.namespace_ << "/" << l.name << " " << l.label << " " << opt_text(l.old_value) << "->"
          << opt_text(l.new_value) << " " << l.actor << " " << l.verb << " " << l.time << " " << opt_num(l.code) << "\n";
    for (const KueueEvent& e : query::kueue_events(st))
        s << "event " << e.namespace_ << "/" << e.name << " " << e.regarding_kind << " " << e.reason << " " << e.message
          << " " << e.time << "\n";
    for (const QuotaInterval& q : query::quota_intervals(st, 0, INT64_MAX))
        s << "interval " << q.workload << " " << q.cluster_queue << " " << q.flavor << " " << q.resource << " " << q.milli
          << " " << q.from << " " << q.to << "\n";
    for (const QuotaVersion& v : query::quota_versions(st, 0, INT64_MAX))
        s << "quota " << v.cluster_queue << " " << v.flavor << " " << v.resource << " " << v.nominal_milli << " "
          << opt_num(v.borrowing_limit_milli) << " " << v.valid_from << " " << v.valid_to << "\n";
    return s.str();
}

std::string cloud(const std::string& name) { return test::fixture("cloud/" + name); }

}  // namespace

TEST_CASE("EKS and AKS wrappers give the plain log's evidence exactly", "[audit][ingest][cloud]") {
    const std::string plain = snapshot(cloud("plain.jsonl"), false);
    REQUIRE(plain.find("change ClusterQueue") != std::string::npos);
    REQUIRE(plain.find("step ml/job-train-7f3c2") != std::string::npos);
    for (const char* f : {"eks-filter-log-events.json", "eks-records.jsonl", "eks-subscription.jsonl", "aks-records.json",
                          "aks-lines.jsonl"}) {
        INFO(f);
        CHECK(snapshot(cloud(f), false) == plain);
    }
}

TEST_CASE("GKE LogEntries give the plain log's evidence, less what GKE does not log", "[audit][ingest][cloud]") {
    const std::string plain = snapshot(cloud("plain.jsonl"), true);
    CHECK(snapshot(cloud("gke-gcloud.json"), true) == plain);
    CHECK(snapshot(cloud("gke-sink.jsonl"), true) == plain);
}

TEST_CASE("broken records inside cloud wrappers are bad lines with file:line", "[audit][ingest][cloud]") {
    TempPath db("cloud-bad");
    EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
    const auto in = test::ingest_file(st, cloud("bad.jsonl"));
    const std::string path = cloud("bad.jsonl");
    CHECK(in.result.counts.bad == 9);
    CHECK(in.result.counts.kept == 1);  // the good record on the last line still counts
    for (const char* expect : {":1: expected protoPayload.methodName", ":2: expected protoPayload.resourceName",
                               ":3: expected the audit event inside the cloud log record to be JSON",
                               ":4: expected the CloudWatch message to be an audit event as JSON",
                               ":5: expected properties.log as the audit event",
                               ":6: expected the audit event inside the cloud log record to be JSON",
                               ":7: expected protoPayload to be an AuditLog object",
                               ":8: expected an audit.k8s.io Event inside the cloud log record",
                               ":9: expected insertId"}) {
        INFO(expect);
        CHECK(in.diag.find(path + expect) != std::string::npos);
    }
}

TEST_CASE("GKE entries: refused writes keep their code, a Namespace is a cluster-scoped object", "[audit][ingest][cloud]") {
    TempPath src("gke-edge", ".jsonl");
    {
        std::ofstream out(src.str());
        // PERMISSION_DENIED (7) on a ClusterQueue patch: refused with 403, changed nothing.
        out << R"({"insertId":"gke-1","timestamp":"2026-10-05T09:00:00.5Z","labels":{"authorization.k8s.io/decision":"forbid"},)"
               R"("protoPayload":{"@type":"type.googleapis.com/google.cloud.audit.AuditLog","serviceName":"k8s.io",)"
               R"("methodName":"io.x-k8s.kueue.v1beta2.clusterqueues.patch","resourceName":"kueue.x-k8s.io/v1beta2/clusterqueues/team-a",)"
               R"("authenticationInfo":{"principalEmail":"mallory@example.com"},"status":{"code":7,"message":"forbidden"}}})"
            << "\n";
        // A Namespace update (core group, "namespaces/<name>" is the object itself) with labels.
        out << R"({"insertId":"gke-2","timestamp":"2026-10-05T09:01:00Z",)"
               R"("protoPayload":{"@type":"type.googleapis.com/google.cloud.audit.AuditLog","serviceName":"k8s.io",)"
               R"("methodName":"io.k8s.core.v1.namespaces.update","resourceName":"core/v1/namespaces/ml",)"
               R"("authenticationInfo":{"principalEmail":"alice@example.com"},"status":{"code":0},)"
               R"("request":{"@type":"core.k8s.io/v1.Namespace","apiVersion":"v1","kind":"Namespace","metadata":{"name":"ml","labels":{"team":"ml"}}},)"
               R"("response":{"@type":"core.k8s.io/v1.Namespace","apiVersion":"v1","kind":"Namespace","metadata":{"name":"ml","uid":"u1","labels":{"team":"ml"}}}}})"
            << "\n";
        // Another service's audit entry in the same export: skipped, not bad.
        out << R"({"insertId":"gke-3","timestamp":"2026-10-05T09:02:00Z","protoPayload":{"@type":"type.googleapis.com/google.cloud.audit.AuditLog",)"
               R"("serviceName":"container.googleapis.com","methodName":"google.container.v1.ClusterManager.UpdateCluster"}})"
            << "\n";
    }
    TempPath db("gke-edge");
    EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
    const auto in = test::ingest_file(st, src.str());
    CHECK(in.result.counts.bad == 0);
    CHECK(in.result.counts.events == 3);
    CHECK(in.result.counts.skipped.count("GKE audit entry of another service (not the Kubernetes API server)") == 1);
    const auto changes = query::object_changes(st);
    REQUIRE(changes.size() == 1);
    CHECK(changes[0].kind == "ClusterQueue");
    CHECK(changes[0].name == "team-a");
    CHECK(changes[0].code == 403);
    CHECK(changes[0].actor == "mallory@example.com");
    CHECK(changes[0].audit_id == "gke-1");
    const auto ns = query::namespaces(st);
    REQUIRE(ns.size() == 1);
    CHECK(ns[0].name == "ml");
    CHECK(ns[0].labels == std::vector<std::pair<std::string, std::string>>{{"team", "ml"}});
}
