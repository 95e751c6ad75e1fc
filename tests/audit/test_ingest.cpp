// Ingest of the fixtures (written in the audit.k8s.io/v1 shape of audit-evidence.md 5.4):
// counts, bad lines, idempotency, EventList/YAML/export/events readers and gzip.
#include "audit_test_util.h"

#include "audit/store/queries.h"
#include "audit/store/sqlite.h"

#include <algorithm>
#include <catch2/catch.hpp>
#include <zlib.h>

#include <fstream>
#include <iterator>

using namespace kg::audit;
using namespace kg::audit::test;

namespace {

std::int64_t rows(EvidenceStore& st) {
    std::int64_t n = 0;
    for (const auto& s : query::sources(st)) n += s.rows;
    return n;
}

std::string read_all(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

void write_gzip(const std::string& path, const std::string& data) {
    gzFile f = gzopen(path.c_str(), "wb");
    REQUIRE(f != nullptr);
    gzwrite(f, data.data(), static_cast<unsigned>(data.size()));
    gzclose(f);
}

}  // namespace

TEST_CASE("the lifecycle log is ingested with its bad line reported and counted") {
    TempPath db("lifecycle");
    EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
    const Ingested in = ingest_file(st, fixture("lifecycle.jsonl"));
    const auto& c = in.result.counts;
    CHECK(in.result.format == "audit-jsonl");
    CHECK(c.events == 20);
    CHECK(c.bad == 1);
    CHECK(c.kept == 15);
    CHECK(c.rows_new == 23);
    CHECK(c.skipped.at("not a Kueue, job, Kueue event or namespace request (pre-filter)") == 2);
    CHECK(c.skipped.at("stage before ResponseComplete") == 1);
    CHECK_THAT(in.diag, Catch::Contains("lifecycle.jsonl:14: expected one JSON audit event per line"));
    CHECK(st.verify().intact);
}

TEST_CASE("ingesting the same source twice adds nothing") {
    TempPath db("twice");
    EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
    ingest_file(st, fixture("lifecycle.jsonl"));
    const std::int64_t before = rows(st);
    SECTION("same path") {
        const Ingested again = ingest_file(st, fixture("lifecycle.jsonl"));
        CHECK(again.result.status == ingest::SourceResult::Status::duplicate);
        CHECK(query::sources(st).size() == 1);
    }
    SECTION("a copy under another name") {
        TempPath copy("copy", ".jsonl");
        std::filesystem::copy_file(fixture("lifecycle.jsonl"), copy.path);
        const Ingested again = ingest_file(st, copy.str());
        CHECK(again.result.status == ingest::SourceResult::Status::duplicate);
    }
    SECTION("a grown log adds only its new lines") {
        TempPath grown("grown", ".jsonl");
        std::string text = read_all(fixture("lifecycle.jsonl"));
        // One more write: bob reactivates the Workload (line 18 with a new auditID and active=true).
        std::size_t at = 0;
        for (int i = 1; i < 18; ++i) at = text.find('\n', at) + 1;
        std::string extra = text.substr(at, text.find('\n', at) - at);
        REQUIRE(extra.find("\"active\":false") != std::string::npos);
        extra.replace(extra.find("\"active\":false"), 14, "\"active\":true");
        extra.replace(extra.find("000000000011\""), 13, "000000000099\"");
        std::ofstream(grown.path, std::ios::binary) << text << extra << "\n";
        const Ingested again = ingest_file(st, grown.str());
        INFO(again.diag);
        CHECK(again.result.status == ingest::SourceResult::Status::ingested);
        CHECK(again.result.counts.rows_new == 1);
        CHECK(again.result.counts.rows_dup == 23 + 10);  // the repeated deactivation is no new transition
        CHECK(rows(st) == before + 1);
        CHECK(query::workload_steps(st).back().step == "reactivated");
        CHECK(st.verify().intact);
        return;
    }
    CHECK(rows(st) == before);
    CHECK(st.verify().intact);
}

TEST_CASE("per-source input counts are stored and summed over batches") {
    TempPath db("counts");
    EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
    ingest::IngestOptions opt;
    opt.batch_rows = 2;  // many batches
    ingest_file(st, fixture("lifecycle.jsonl"), opt);
    const auto s = query::sources(st);
    REQUIRE(s.size() == 1);
    CHECK(s[0].batches > 5);
    CHECK(s[0].events == 20);
    CHECK(s[0].kept == 15);
    CHECK(s[0].bad == 1);
    REQUIRE(s[0].skipped.size() == 3);
    CHECK(s[0].skipped[1] ==
          std::pair<std::string, std::int64_t>{"not a Kueue, job, Kueue event or namespace request (pre-filter)", 2});
}

TEST_CASE("dry-run writes are skipped: they change nothing") {
    TempPath db("dryrun");
    TempPath log("dryrun", ".jsonl");
    std::string text = read_all(fixture("lifecycle.jsonl"));
    std::size_t at = 0;
    for (int i = 1; i < 10; ++i) at = text.find('\n', at) + 1;
    std::string line = text.substr(at, text.find('\n', at) - at);  // alice's quota patch
    line.replace(line.find("?fieldManager="), 14, "?dryRun=All&fieldManager=");
    std::ofstream(log.path, std::ios::binary) << line << "\n";
    EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
    const Ingested in = ingest_file(st, log.str());
    CHECK(in.result.counts.skipped.at("dry-run request (changes nothing)") == 1);
    CHECK(in.result.counts.rows_new == 0);
}

TEST_CASE("webhook EventLists in JSON and YAML read like the lines they batch") {
    for (const char* name : {"eventlist.json", "eventlist.yaml"}) {
        TempPath db("eventlist");
        EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
        const Ingested in = ingest_file(st, fixture(name));
        INFO(name << "\n" << in.diag);
        CHECK(in.result.format == "documents");
        CHECK(in.result.counts.events == 2);
        CHECK(in.result.counts.kept == 2);
        // The ClusterQueue create, and the reservation: 2 steps + 2 assignments.
        CHECK(in.result.counts.rows_new == 5);
        const auto steps = query::workload_steps(st, "ml", "job-train-7f3c2");
        REQUIRE(steps.size() == 2);
        CHECK(steps[0].step == "quota_reserved");
        CHECK(steps[0].cluster_queue == "team-a");
    }
}

TEST_CASE("exports and events lists become snapshots, jobs, namespaces and Kueue events") {
    TempPath db("export");
    EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
    ingest::IngestOptions opt;
    opt.as_of = 1'791'200'000;
    const Ingested ex = ingest_file(st, fixture("export.yaml"), opt);
    CHECK(ex.result.counts.skipped.at("object of a kind Kueue evidence does not use (ConfigMap)") == 1);
    const auto changes = query::object_changes(st);
    REQUIRE(changes.size() == 2);
    CHECK(changes[0].verb == "snapshot");
    CHECK(changes[0].ts_us == 1'791'200'000'000'000);
    const auto j = query::jobs(st);
    REQUIRE(j.size() == 1);
    CHECK(j[0].queue_name == "team-a-lq");
    CHECK_FALSE(j[0].kueue_mutated.has_value());
    const auto ns = query::namespaces(st);
    REQUIRE(ns.size() == 1);
    CHECK(ns[0].labels.size() == 2);
    const Ingested ev = ingest_file(st, fixture("events.json"));
    CHECK(ev.result.counts.skipped.at("event not about Kueue") == 1);
    const auto events = query::kueue_events(st, "ml");
    REQUIRE(events.size() == 2);
    CHECK(events[0].reason == "CreatedWorkload");
    CHECK(events[1].reason == "QuotaReserved");
    CHECK(events[1].reporting_component == "kueue-admission");
}

TEST_CASE("gzip sources are inflated in a stream; a cut gzip keeps what came before") {
    const std::string text = read_all(fixture("lifecycle.jsonl"));
    TempPath gz("lifecycle", ".jsonl.gz");
    write_gzip(gz.str(), text);
    SECTION("whole") {
        TempPath db("gzip");
        EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
        const Ingested in = ingest_file(st, gz.str());
        CHECK(in.result.compression == "gzip");
        CHECK(in.result.counts.rows_new == 23);
        CHECK(query::sources(st).front().sha256.size() == 64);
    }
    SECTION("truncated") {
        std::string bytes = read_all(gz.str());
        bytes.resize(bytes.size() / 2);
        std::ofstream(gz.path, std::ios::binary | std::ios::trunc) << bytes;
        TempPath db("gzip-cut");
        EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
        const Ingested in = ingest_file(st, gz.str());
        CHECK(in.result.counts.bad >= 1);
        CHECK(in.result.counts.rows_new > 0);
        CHECK_THAT(in.diag, Catch::Contains("gzip stream ends early"));
        CHECK(st.verify().intact);
    }
}

TEST_CASE("lines longer than the limit are reported and skipped, the rest kept") {
    TempPath db("long");
    EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
    ingest::IngestOptions opt;
    opt.max_line = 4096;  // the status patches with full responses are longer
    const Ingested in = ingest_file(st, fixture("lifecycle.jsonl"), opt);
    CHECK(in.result.counts.bad > 1);
    CHECK(in.result.counts.rows_new > 0);
    CHECK_THAT(in.diag, Catch::Contains("found a longer line (skipped)"));
}

TEST_CASE("the real audit samples are read without crashing: their RBAC writes are kept, no Kueue evidence") {
    TempPath db("samples");
    EvidenceStore st(db.str(), EvidenceStore::Access::read_write);
    std::uint64_t events = 0, kept = 0, context = 0;
    for (const char* dir : {"falcosecurity__falco", "GoogleCloudPlatform__khi", "openshift__library-go",
                            "falcosecurity__plugins"}) {
        for (const auto& e : std::filesystem::directory_iterator(std::string(KG_SHARED_DIR) + "/data/audit/" + dir)) {
            const Ingested in = ingest_file(st, e.path().string());
            events += in.result.counts.events;
            kept += in.result.counts.kept;
            context += in.result.counts.context;
        }
    }
    CHECK(events > 50);
    // The falco captures' ClusterRole and ClusterRoleBinding writes (KQ5008, report C7); the
    // queue-policy readers leave them out.
    CHECK(kept == 11);
    CHECK(context == 3);  // the falco captures create namespace "foo" three times
    const auto rbac = query::rbac_versions(st);
    CHECK(rbac.size() == 11);
    CHECK(std::all_of(rbac.begin(), rbac.end(), [](const auto& v) { return v.kind.rfind("ClusterRole", 0) == 0; }));
    CHECK(query::object_changes(st).empty());
    CHECK(query::jobs(st).empty());
    CHECK(query::workload_steps(st).empty());
    CHECK(st.verify().intact);
}

TEST_CASE("audit times keep microseconds") {
    using ingest::parse_time_us;
    CHECK(parse_time_us("2026-10-05T09:12:44.131907Z") == 1'791'191'564'131'907);
    CHECK(parse_time_us("2026-10-05T09:12:44Z") == 1'791'191'564'000'000);
    CHECK(parse_time_us("2026-10-05T09:12:44.5Z") == 1'791'191'564'500'000);
    CHECK_FALSE(parse_time_us("yesterday").has_value());
}
