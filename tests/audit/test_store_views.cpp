// The dashboard views of migration 5 (kueuegov_queue_changes, kueuegov_waits,
// kueuegov_preemptions, kueuegov_chargeback_intervals) queried on known rows, on SQLite and (tag
// [.postgres], ctest audit/postgres-store) on PostgreSQL with the same expectations; the
// chargeback view against quota_intervals(), which `kueuegov chargeback` prices; and a store of
// schema 4 (before the views and migration 6's insert-only tables) that migrates and still verifies
// with the same chain heads.
#include "audit/head.h"
#include "audit/store/batch_writer.h"
#include "audit/store/chain.h"
#include "audit/store/connection.h"
#include "audit/store/queries.h"
#include "audit/store/schema.h"
#include "audit/store/schema_views.h"
#include "audit_test_util.h"
#include "pg_test_db.h"

#include <catch2/catch.hpp>

#include <climits>
#include <string>
#include <vector>

using namespace kg::audit;
using kg::audit::store::Db;
using kg::audit::store::Stmt;
using kg::audit::test::ident;

namespace {

constexpr std::int64_t k_t0 = 1'790'000'000'000'000;  // a whole second, in µs
constexpr std::int64_t k_s = 1'000'000;

std::uint64_t g_line = 0;

WorkloadEventRow ev(const std::string& wl, const std::string& step, std::int64_t ts) {
    WorkloadEventRow r;
    r.line = ++g_line;
    r.nkey = "wl:ml/" + wl + ":" + step + ":" + std::to_string(ts);
    r.origin = "audit";
    r.namespace_ = "ml";
    r.name = wl;
    r.uid = "uid-" + wl;
    r.step = step;
    r.time = "t+" + std::to_string((ts - k_t0) / k_s);
    r.ts_us = ts;
    return r;
}

WorkloadAssignmentRow held(const std::string& wl, std::int64_t reserved, const std::string& resource,
                           std::int64_t milli) {
    WorkloadAssignmentRow a;
    a.line = ++g_line;
    a.nkey = "as:ml/" + wl + ":" + std::to_string(reserved) + ":" + resource;
    a.namespace_ = "ml";
    a.name = wl;
    a.reserved_ts_us = reserved;
    a.cluster_queue = "cq-a";
    a.podset = "main";
    a.flavor = "on-demand";
    a.resource = resource;
    a.quantity = std::to_string(milli) + "m";
    a.milli = milli;
    return a;
}

/// Two clusters, the same Workload name in both. In `default`: job-a is reserved, admitted,
/// preempted (reservation released 1 µs later), requeued, reserved again and finished; job-b is
/// reserved and still holds its quota. In `east`: job-a is reserved and finished.
void fill(EvidenceStore& st) {
    g_line = 0;
    {
        BatchWriter w(st, st.open_source(ident("views-default.log", "default")).id);
        ObjectVersionRow cq;
        cq.line = ++g_line;
        cq.nkey = "ov:cq-a:1";
        cq.origin = "audit";
        cq.kind = "ClusterQueue";
        cq.name = "cq-a";
        cq.verb = "update";
        cq.code = 200;
        cq.actor.user = "alice";
        cq.time = "t+1";
        cq.ts_us = k_t0 + 1 * k_s;
        cq.audit_id = "a-1";
        CHECK(w.add(cq));
        WorkloadEventRow c = ev("job-a", "created", k_t0);
        c.local_queue = "lq-a";
        CHECK(w.add(c));
        WorkloadEventRow r1 = ev("job-a", "quota_reserved", k_t0 + 5 * k_s);
        r1.cluster_queue = "cq-a";
        CHECK(w.add(r1));
        CHECK(w.add(held("job-a", k_t0 + 5 * k_s, "cpu", 2000)));
        CHECK(w.add(ev("job-a", "admitted", k_t0 + 6 * k_s)));
        WorkloadEventRow p = ev("job-a", "preempted", k_t0 + 20 * k_s);
        p.cluster_queue = "cq-a";
        p.reason = "InClusterQueue";
        p.message = "Preempted to accommodate a workload (UID: uid-b, JobUID: j-b) due to prioritization in the ClusterQueue";
        p.preemptor_uid = "uid-b";
        p.preemptor_path = "/cq-a";
        CHECK(w.add(p));
        CHECK(w.add(ev("job-a", "pending", k_t0 + 20 * k_s + 1)));
        CHECK(w.add(ev("job-a", "requeued", k_t0 + 25 * k_s)));
        WorkloadEventRow r2 = ev("job-a", "quota_reserved", k_t0 + 30 * k_s);
        r2.cluster_queue = "cq-a";
        CHECK(w.add(r2));
        CHECK(w.add(held("job-a", k_t0 + 30 * k_s, "cpu", 1000)));
        CHECK(w.add(ev("job-a", "finished", k_t0 + 40 * k_s)));
        w.commit(100, g_line);
        WorkloadEventRow b = ev("job-b", "created", k_t0 + 10 * k_s);
        b.local_queue = "lq-b";
        CHECK(w.add(b));
        WorkloadEventRow rb = ev("job-b", "quota_reserved", k_t0 + 12 * k_s);
        rb.cluster_queue = "cq-a";
        CHECK(w.add(rb));
        CHECK(w.add(held("job-b", k_t0 + 12 * k_s, "nvidia.com/gpu", 1000)));
        w.seal(200, g_line, 200, "views-default");
    }
    BatchWriter w(st, st.open_source(ident("views-east.log", "east")).id);
    WorkloadEventRow c = ev("job-a", "created", k_t0);
    c.local_queue = "lq-east";
    CHECK(w.add(c));
    WorkloadEventRow r = ev("job-a", "quota_reserved", k_t0 + 3 * k_s);
    r.cluster_queue = "cq-a";
    CHECK(w.add(r));
    CHECK(w.add(held("job-a", k_t0 + 3 * k_s, "cpu", 500)));
    CHECK(w.add(ev("job-a", "finished", k_t0 + 4 * k_s)));
    w.seal(50, g_line, 50, "views-east");
}

/// Every row of `sql` as "col=value|col=value" ("NULL" for NULL), integers relative to k_t0
/// where the column name ends in ts_us, so the expectations below read as seconds.
std::vector<std::string> rows(Db& db, const std::string& sql) {
    std::vector<std::string> out;
    Stmt s(db, sql);
    while (s.step()) {
        std::string line;
        for (int c = 0; c < s.columns(); ++c) {
            const std::string name = s.column_name(c);
            if (c) line += "|";
            line += name + "=";
            if (s.is_null(c)) {
                line += "NULL";
            } else if (name.size() >= 5 && name.ends_with("ts_us")) {
                const std::int64_t d = s.int64(c) - k_t0;
                line += "t+" + std::to_string(d / k_s) + (d % k_s ? "s+" + std::to_string(d % k_s) + "us" : "s");
            } else {
                line += s.text(c);
            }
        }
        out.push_back(line);
    }
    return out;
}

void check_views(EvidenceStore& st) {
    Db& db = st.db();
    CHECK(rows(db, "SELECT cluster, time, ts_us, kind, namespace, name, verb, subresource, code, actor, "
                   "impersonated, user_agent, audit_id, content_hash, source, line FROM kueuegov_queue_changes "
                   "ORDER BY cluster, ts_us") ==
          std::vector<std::string>{
              "cluster=default|time=t+1|ts_us=t+1s|kind=ClusterQueue|namespace=|name=cq-a|verb=update|"
              "subresource=NULL|code=200|actor=alice|impersonated=NULL|user_agent=NULL|audit_id=a-1|"
              "content_hash=NULL|source=views-default.log|line=1"});
    CHECK(rows(db, "SELECT cluster, namespace, workload, uid, cluster_queue, queued_ts_us, reserved_time, "
                   "reserved_ts_us, wait_us, admitted_ts_us FROM kueuegov_waits "
                   "ORDER BY cluster, workload, reserved_ts_us") ==
          std::vector<std::string>{
              "cluster=default|namespace=ml|workload=job-a|uid=uid-job-a|cluster_queue=cq-a|queued_ts_us=t+0s|"
              "reserved_time=t+5|reserved_ts_us=t+5s|wait_us=5000000|admitted_ts_us=t+6s",
              // the second reservation waited from the requeue, not from the creation
              "cluster=default|namespace=ml|workload=job-a|uid=uid-job-a|cluster_queue=cq-a|queued_ts_us=t+25s|"
              "reserved_time=t+30|reserved_ts_us=t+30s|wait_us=5000000|admitted_ts_us=NULL",
              "cluster=default|namespace=ml|workload=job-b|uid=uid-job-b|cluster_queue=cq-a|queued_ts_us=t+10s|"
              "reserved_time=t+12|reserved_ts_us=t+12s|wait_us=2000000|admitted_ts_us=NULL",
              "cluster=east|namespace=ml|workload=job-a|uid=uid-job-a|cluster_queue=cq-a|queued_ts_us=t+0s|"
              "reserved_time=t+3|reserved_ts_us=t+3s|wait_us=3000000|admitted_ts_us=NULL"});
    CHECK(rows(db, "SELECT cluster, time, ts_us, namespace, workload, uid, cluster_queue, reason, preemptor_uid, "
                   "preemptor_path, actor, audit_id FROM kueuegov_preemptions ORDER BY cluster, ts_us") ==
          std::vector<std::string>{
              "cluster=default|time=t+20|ts_us=t+20s|namespace=ml|workload=job-a|uid=uid-job-a|cluster_queue=cq-a|"
              "reason=InClusterQueue|preemptor_uid=uid-b|preemptor_path=/cq-a|actor=NULL|audit_id=NULL"});
    CHECK(rows(db, "SELECT message FROM kueuegov_preemptions") ==
          std::vector<std::string>{"message=Preempted to accommodate a workload (UID: uid-b, JobUID: j-b) due to "
                                   "prioritization in the ClusterQueue"});
    CHECK(rows(db, "SELECT cluster, namespace, workload, local_queue, cluster_queue, podset, flavor, resource, "
                   "quantity, milli, start_time, start_ts_us, end_ts_us, held_seconds "
                   "FROM kueuegov_chargeback_intervals ORDER BY cluster, workload, start_ts_us") ==
          std::vector<std::string>{
              // released 1 µs after the preemption: the reservation ends there (seconds truncate)
              "cluster=default|namespace=ml|workload=job-a|local_queue=lq-a|cluster_queue=cq-a|podset=main|"
              "flavor=on-demand|resource=cpu|quantity=2000m|milli=2000|start_time=t+5|start_ts_us=t+5s|"
              "end_ts_us=t+20s+1us|held_seconds=15",
              "cluster=default|namespace=ml|workload=job-a|local_queue=lq-a|cluster_queue=cq-a|podset=main|"
              "flavor=on-demand|resource=cpu|quantity=1000m|milli=1000|start_time=t+30|start_ts_us=t+30s|"
              "end_ts_us=t+40s|held_seconds=10",
              "cluster=default|namespace=ml|workload=job-b|local_queue=lq-b|cluster_queue=cq-a|podset=main|"
              "flavor=on-demand|resource=nvidia.com/gpu|quantity=1000m|milli=1000|start_time=t+12|"
              "start_ts_us=t+12s|end_ts_us=NULL|held_seconds=NULL",
              "cluster=east|namespace=ml|workload=job-a|local_queue=lq-east|cluster_queue=cq-a|podset=main|"
              "flavor=on-demand|resource=cpu|quantity=500m|milli=500|start_time=t+3|start_ts_us=t+3s|"
              "end_ts_us=t+4s|held_seconds=1"});

    // The chargeback view says what quota_intervals() (which `kueuegov chargeback` prices) says,
    // cluster by cluster; an open reservation is clipped to the end of the period there.
    const std::int64_t end_s = k_t0 / k_s + 1000;
    for (const std::string cluster : {"default", "east"}) {
        st.set_cluster_scope(cluster);
        std::vector<std::string> from_query;
        for (const QuotaInterval& iv : query::quota_intervals(st, 0, end_s))
            from_query.push_back(iv.workload + " " + iv.local_queue + " " + iv.cluster_queue + " " + iv.flavor + " " +
                                 iv.resource + " " + std::to_string(iv.milli) + " " + std::to_string(iv.from) + " " +
                                 std::to_string(iv.to));
        std::vector<std::string> from_view;
        Stmt s(db, "SELECT namespace || '/' || workload, local_queue, cluster_queue, flavor, resource, milli, "
                   "start_ts_us / 1000000, COALESCE(end_ts_us / 1000000, ?1) FROM kueuegov_chargeback_intervals "
                   "WHERE cluster = ?2 ORDER BY start_ts_us, namespace, workload");
        s.bind(1, end_s).bind(2, cluster);
        while (s.step())
            from_view.push_back(s.text(0) + " " + s.text(1) + " " + s.text(2) + " " + s.text(3) + " " + s.text(4) +
                                " " + s.text(5) + " " + s.text(6) + " " + s.text(7));
        INFO("cluster " << cluster);
        CHECK(from_view == from_query);
        CHECK_FALSE(from_view.empty());
    }
    st.set_cluster_scope("");
}

/// Writes a store the way a schema 4 kueuegov did (before the views and the insert-only layout
/// of migration 6): sources and batches are tables whose rows the writer completed by UPDATE,
/// two clusters with one sealed source of two chain-v3 batches each, hashed by the same digest
/// function the old writer called.
void write_schema4_store(Db& db) {
    store::migrate_to(db, 4);
    std::int64_t batch = 0;
    for (const std::string cluster : {"eu", "us"}) {
        db.exec("INSERT INTO sources(path, format, compression, head_sha256, size, sha256, status, resume_offset, "
                "resume_line, ingested_at, completed_at, cluster) VALUES ('" + cluster + ".log', 'audit-jsonl', "
                "'none', '00', 20, 'sha-" + cluster + "', 'complete', 20, 2, 't', 't', '" + cluster + "')");
        std::string prev;
        for (int seq = 1; seq <= 2; ++seq) {
            ++batch;
            const std::string b = std::to_string(batch);
            db.exec("INSERT INTO batches(source_id, seq, first_line, last_line, end_offset, rows, seals_source, "
                    "committed_at, prev_hash, hash, events, kept, bad, skipped, chain_version, cluster) VALUES ((SELECT "
                    "id FROM sources WHERE cluster = '" + cluster + "'), " + std::to_string(seq) + ", 1, 1, 10, 1, " +
                    (seq == 2 ? "1" : "0") + ", 't', '" + prev + "', '', 1, 1, 0, '{}', 3, '" + cluster + "')");
            db.exec("INSERT INTO object_versions(batch_id, line, nkey, origin, kind, namespace, name, verb, time, ts_us, "
                    "body_captured, cluster) VALUES (" + b + ", " + std::to_string(seq) + ", 'ov:" + b + "', 'audit', "
                    "'ClusterQueue', '', 'cq-" + cluster + "', 'update', 't', " + b + ", 0, '" + cluster + "')");
            const store::BatchDigest d = store::batch_digest(db, batch, prev, seq);  // v3: position unused
            db.exec("UPDATE batches SET hash = '" + d.hash + "' WHERE id = " + b);
            prev = d.hash;
        }
    }
}

void check_old_store_migrates(const std::string& target) {
    std::vector<std::string> heads;  // each cluster's last batch hash, as the old store holds it
    {
        Db db(target, Db::Mode::read_write_create);
        write_schema4_store(db);
        REQUIRE(store::schema_version(db) == 4);
        for (Stmt h(db, "SELECT hash FROM batches b WHERE id = (SELECT MAX(id) FROM batches c WHERE c.cluster = b.cluster) "
                        "ORDER BY cluster");
             h.step();)
            heads.push_back(h.text(0));
    }
    EvidenceStore st(target, EvidenceStore::Access::read_write);
    CHECK(store::schema_version(st.db()) == store::known_schema_version());
    const ChainVerification v = st.verify();
    CHECK(v.problems == std::vector<std::string>{});
    CHECK(v.intact);
    CHECK(v.batches == 4);
    CHECK(v.rows == 4);
    // Migration 6 carried every source's seal and resume position and every batch's header over.
    Stmt src(st.db(), "SELECT status, size, sha256, resume_offset, resume_line, completed_at FROM sources ORDER BY id");
    for (int n = 0; n < 2; ++n) {
        REQUIRE(src.step());
        CHECK(src.text(0) == "complete");
        CHECK(src.int64(1) == 20);
        CHECK(src.int64(3) == 20);
        CHECK(src.int64(4) == 2);
    }
    // The queue-changes view, created again over the `sources` and `batches` views.
    Stmt q(st.db(), "SELECT cluster, name, source FROM kueuegov_queue_changes ORDER BY ts_us");
    std::vector<std::string> changes;
    while (q.step()) changes.push_back(q.text(0) + " " + q.text(1) + " " + q.text(2));
    CHECK(changes == std::vector<std::string>{"eu cq-eu eu.log", "eu cq-eu eu.log", "us cq-us us.log", "us cq-us us.log"});
    // Each cluster's chain head is what it was: heads recorded before the migration still match.
    REQUIRE(v.clusters.size() == 2);
    CHECK(std::vector<std::string>{v.clusters[0].head, v.clusters[1].head} == heads);

    // Chain v4 (schema 7) continues a v3 chain: a new batch of cluster eu chains to its last v3
    // batch, its rows take ids after the migrated ones (PostgreSQL: the sequence starts there),
    // and the head recorded before it is still in the chain.
    const ChainHead recorded = head_of(v);
    {
        BatchWriter w(st, st.open_source(ident("eu-more.log", "eu")).id);
        ObjectVersionRow cq;
        cq.line = 1;
        cq.nkey = "ov:more";
        cq.origin = "audit";
        cq.kind = "ClusterQueue";
        cq.name = "cq-eu";
        cq.verb = "update";
        cq.time = "t";
        cq.ts_us = k_t0;
        CHECK(w.add(cq));
        w.seal(10, 1, 10, "sha-eu-more");
    }
    const ChainVerification after = st.verify();
    CHECK(after.problems == std::vector<std::string>{});
    CHECK(after.batches == 5);
    CHECK(after.clusters[0].batches == 3);
    const HeadCheck hc = check_expected_head(after, recorded);
    CHECK(hc.problems == std::vector<std::string>{});
    CHECK(hc.appended == 1);
    Stmt row(st.db(), "SELECT id, batch_id FROM object_versions WHERE nkey = 'ov:more'");
    REQUIRE(row.step());
    CHECK(row.int64(0) == 5);  // after the four migrated rows
    Stmt newest(st.db(), "SELECT chain_version, prev_hash FROM batches WHERE id = ?");
    newest.bind(1, row.int64(1));
    REQUIRE(newest.step());
    CHECK(newest.int64(0) == 4);
    CHECK(newest.text(1) == heads[0]);
}

}  // namespace

TEST_CASE("dashboard views on SQLite answer for known rows", "[store]") {
    test::TempPath t("views");
    EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
    fill(st);
    check_views(st);
    const ChainVerification v = st.verify();
    CHECK(v.problems == std::vector<std::string>{});
    CHECK(v.intact);
}

TEST_CASE("an SQLite store of schema 4 gains the views and the insert-only tables and still verifies", "[store]") {
    test::TempPath t("views-v4");
    check_old_store_migrates(t.str());
}

TEST_CASE("dashboard views on PostgreSQL answer as on SQLite", "[.postgres]") {
    test::PgTestDb pg("kg_views");
    EvidenceStore st(pg.url, EvidenceStore::Access::read_write);
    fill(st);
    check_views(st);
    const ChainVerification v = st.verify();
    CHECK(v.problems == std::vector<std::string>{});
    CHECK(v.intact);
}

TEST_CASE("a PostgreSQL store of schema 4 gains the views and the insert-only tables and still verifies", "[.postgres]") {
    test::PgTestDb pg("kg_views_v4");
    check_old_store_migrates(pg.url);
}
