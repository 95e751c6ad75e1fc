// Cluster identity in the evidence store (schema 4, issue 15): the migration of a store written
// by schema 3, one hash chain per cluster, natural keys per cluster, and the store head over
// several chains.
#include "audit/cluster_name.h"
#include "audit/head.h"
#include "audit/store/batch_writer.h"
#include "audit/store/chain.h"
#include "audit/store/schema.h"
#include "audit/store/sqlite.h"
#include "audit_test_util.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <string>
#include <unistd.h>

using namespace kg::audit;
namespace fs = std::filesystem;
using kg::audit::store::Db;
using kg::audit::store::Stmt;
using kg::audit::test::ident;

namespace {

struct TempDb {
    fs::path path;
    explicit TempDb(const std::string& name) {
        path = fs::temp_directory_path() / ("kg-test-cluster-" + name + "-" + std::to_string(::getpid()) + ".db");
        clean();
    }
    ~TempDb() { clean(); }
    void clean() {
        for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(path.string() + suffix);
    }
    std::string str() const { return path.string(); }
};

WorkloadEventRow step(std::uint64_t line, const std::string& key, const std::string& what) {
    WorkloadEventRow r;
    r.line = line;
    r.nkey = key;
    r.origin = "audit";
    r.namespace_ = "ml";
    r.name = "job-a";
    r.step = what;
    r.time = "2026-10-05T09:13:02Z";
    r.ts_us = 1'790'000'000'000'000;
    return r;
}

std::int64_t count(Db& db, const std::string& sql) {
    Stmt s(db, sql);
    s.step();
    return s.int64(0);
}

/// Writes one source of two batches the way schema 3 did (chain v2, no cluster columns): the
/// rows, the header and the hash through the same digest function the old writer called.
void write_schema3_source(Db& db) {
    db.exec("INSERT INTO sources(path, format, compression, head_sha256, size, sha256, status, ingested_at) "
            "VALUES ('old.log', 'audit-jsonl', 'none', '00', 20, 'abc', 'complete', 't')");
    std::string prev;
    for (int b = 1; b <= 2; ++b) {
        db.exec("INSERT INTO batches(source_id, seq, first_line, last_line, end_offset, rows, seals_source, "
                "committed_at, prev_hash, hash, events, kept, bad, skipped, chain_version) VALUES (1, " +
                std::to_string(b) + ", 1, 1, 10, 1, " + (b == 2 ? "1" : "0") + ", 't', '" + prev +
                "', '', 1, 1, 0, '{}', 2)");
        db.exec("INSERT INTO workload_events(batch_id, line, nkey, origin, namespace, name, step, time, ts_us) "
                "VALUES (" + std::to_string(b) + ", " + std::to_string(b) + ", 'k" + std::to_string(b) +
                "', 'audit', 'ml', 'job-a', 'created', 't', 1)");
        const store::BatchDigest d = store::batch_digest(db, b, prev, b);  // v2: position unused
        db.exec("UPDATE batches SET hash = '" + d.hash + "' WHERE id = " + std::to_string(b));
        prev = d.hash;
    }
}

}  // namespace

TEST_CASE("a schema 3 store migrates to clusters: old rows are 'default' and its chain still verifies") {
    TempDb t("v3");
    std::string old_head;
    {
        Db db(t.str(), Db::Mode::read_write_create);
        store::migrate_to(db, 3);
        write_schema3_source(db);
        Stmt h(db, "SELECT hash FROM batches ORDER BY id DESC LIMIT 1");
        REQUIRE(h.step());
        old_head = h.text(0);
    }
    // A read-only open refuses the old schema and says how to migrate.
    CHECK_THROWS_WITH(EvidenceStore(t.str(), EvidenceStore::Access::read_only),
                      Catch::Contains("has schema version 3; run `kueuegov audit ingest"));
    EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
    CHECK(store::schema_version(st.db()) == store::known_schema_version());
    CHECK(count(st.db(), "SELECT COUNT(*) FROM workload_events WHERE cluster = 'default'") == 2);
    CHECK(count(st.db(), "SELECT COUNT(*) FROM batches WHERE cluster = 'default'") == 2);
    CHECK(st.clusters() == std::vector<std::string>{"default"});
    ChainVerification v = st.verify();
    CHECK(v.problems == std::vector<std::string>{});
    CHECK(v.intact);
    CHECK(v.head == old_head);  // a head recorded before the migration still matches

    // New batches of the same cluster continue its chain; another cluster starts its own.
    {
        BatchWriter w(st, st.open_source(ident("new.log", "default")).id);
        CHECK(w.add(step(1, "k1", "created")));  // same natural key in the same cluster: ...
        CHECK(w.add(step(2, "k9", "admitted")));
        w.seal(10, 2, 10, "def");
        CHECK(w.take_already_stored() == 1);  // ... left out at the commit
    }
    {
        BatchWriter w(st, st.open_source(ident("other.log", "prod")).id);
        CHECK(w.add(step(1, "k1", "created")));  // the same key in another cluster is another row
        w.seal(10, 1, 10, "abc");                // the same file content in another cluster
    }
    v = st.verify();
    CHECK(v.problems == std::vector<std::string>{});
    REQUIRE(v.clusters.size() == 2);
    CHECK(v.clusters[0].cluster == "default");
    CHECK(v.clusters[0].batches == 3);
    CHECK(v.clusters[1].cluster == "prod");
    CHECK(v.clusters[1].batches == 1);
    CHECK(v.clusters[1].rows == 1);
    CHECK(count(st.db(), "SELECT COUNT(*) FROM batches WHERE cluster = 'prod' AND prev_hash = ''") == 1);
    CHECK(count(st.db(), "SELECT COUNT(*) FROM batches WHERE chain_version = 4") == 2);
    CHECK(st.find_complete_source("abc", "prod").has_value());
    CHECK(st.find_complete_source("abc", "default").has_value());
    CHECK_FALSE(st.find_complete_source("def", "prod").has_value());

    SECTION("moving an old row to another cluster is caught although chain v2 does not hash it") {
        st.db().exec("UPDATE workload_events SET cluster = 'prod' WHERE nkey = 'k2' AND cluster = 'default'");
        CHECK_FALSE(st.verify().intact);
    }
    SECTION("moving an old batch to another cluster is caught") {
        st.db().exec("UPDATE batch_rows SET cluster = 'prod' WHERE id = 1");
        CHECK_FALSE(st.verify().intact);
    }
    SECTION("editing the cluster of a v3 row changes its batch hash") {
        st.db().exec("UPDATE workload_events SET cluster = 'staging' WHERE cluster = 'prod'");
        CHECK_FALSE(st.verify().intact);
    }
}

TEST_CASE("two clusters ingested interleaved each form an intact chain; the head covers both") {
    TempDb t("interleaved");
    EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
    BatchWriter a(st, st.open_source(ident("a.log", "eu")).id);
    BatchWriter b(st, st.open_source(ident("b.log", "us")).id);
    for (int i = 0; i < 3; ++i) {
        CHECK(a.add(step(static_cast<std::uint64_t>(i), "k" + std::to_string(i), "created")));
        a.commit(10, static_cast<std::uint64_t>(i));
        CHECK(b.add(step(static_cast<std::uint64_t>(i), "k" + std::to_string(i), "created")));
        b.commit(10, static_cast<std::uint64_t>(i));
    }
    const ChainVerification v = st.verify();
    CHECK(v.problems == std::vector<std::string>{});
    REQUIRE(v.clusters.size() == 2);
    CHECK(v.clusters[0].batches == 3);
    CHECK(v.clusters[1].batches == 3);
    CHECK(v.chain.size() == 6);
    // Each batch chains to its own cluster's previous batch, not to the other cluster's.
    CHECK(count(st.db(), "SELECT COUNT(*) FROM batches x JOIN batches y ON y.hash = x.prev_hash "
                         "WHERE x.cluster <> y.cluster") == 0);
    CHECK(count(st.db(), "SELECT COUNT(*) FROM batches WHERE prev_hash = ''") == 2);
    // With two clusters the store head is neither cluster's head, and it is what `audit head`
    // records: re-chaining one cluster alone changes it.
    CHECK(v.head != v.clusters[0].head);
    CHECK(v.head != v.clusters[1].head);
    const ChainHead recorded = head_of(v);
    CHECK(check_expected_head(v, recorded).problems.empty());
    st.db().exec("UPDATE workload_events SET name = 'forged' WHERE id = 1");
    for (std::int64_t id = 1, prev_eu = 0; id <= 6; ++id) {  // re-chain cluster eu (batches 1, 3, 5)
        if (id % 2 == 0) continue;
        Stmt p(st.db(), "SELECT hash FROM batches WHERE id = ?");
        p.bind(1, prev_eu);
        const std::string prev = p.step() ? p.text(0) : std::string();
        st.db().exec("UPDATE batch_closes SET prev_hash = '" + prev + "' WHERE batch_id = " + std::to_string(id));
        const store::BatchDigest d = store::batch_digest(st.db(), id, prev, (id + 1) / 2);  // eu's 1st, 2nd, 3rd
        st.db().exec("UPDATE batch_closes SET hash = '" + d.hash + "' WHERE batch_id = " + std::to_string(id));
        prev_eu = id;
    }
    const ChainVerification after = st.verify();
    CHECK(after.intact);  // the chain alone cannot tell (anyone can recompute it) ...
    CHECK_FALSE(check_expected_head(after, recorded).problems.empty());  // ... a recorded head can
}

TEST_CASE("verify_cluster re-hashes one cluster's chain and rows: a forged row elsewhere is not its problem") {
    TempDb t("scoped");
    EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
    BatchWriter a(st, st.open_source(ident("a.log", "eu")).id);
    BatchWriter b(st, st.open_source(ident("b.log", "us")).id);
    for (int i = 0; i < 3; ++i) {
        CHECK(a.add(step(static_cast<std::uint64_t>(i), "k" + std::to_string(i), "created")));
        a.commit(10, static_cast<std::uint64_t>(i));
    }
    for (int i = 0; i < 2; ++i) {
        CHECK(b.add(step(static_cast<std::uint64_t>(i), "k" + std::to_string(i), "created")));
        b.commit(10, static_cast<std::uint64_t>(i));
    }
    const ChainVerification whole = st.verify();
    REQUIRE(whole.clusters.size() == 2);
    const ChainVerification eu = st.verify_cluster("eu");
    CHECK(eu.intact);
    CHECK(eu.scope_cluster == "eu");
    CHECK(eu.batches == 3);
    CHECK(eu.rows == 3);
    CHECK(eu.chain.size() == 3);
    CHECK(eu.head == whole.clusters[0].head);  // the cluster's own head, not the store's
    CHECK(st.verify_cluster("us").batches == 2);
    CHECK(st.verify_cluster("nowhere").batches == 0);
    // A row of cluster us forged: the whole store and us fail, eu's evidence is untouched.
    st.db().exec("UPDATE workload_events SET name = 'forged' WHERE cluster = 'us' AND line = 1");
    CHECK_FALSE(st.verify().intact);
    CHECK_FALSE(st.verify_cluster("us").intact);
    CHECK(st.verify_cluster("eu").intact);
    // A row moved from us into eu is eu's problem too (it names another cluster than its batch).
    st.db().exec("UPDATE workload_events SET cluster = 'eu', nkey = 'moved' WHERE cluster = 'us' AND line = 0");
    const ChainVerification moved = st.verify_cluster("eu");
    CHECK_FALSE(moved.intact);
    bool named = false;
    for (const std::string& p : moved.problems) named = named || p.find("name another cluster") != std::string::npos;
    CHECK(named);
}

TEST_CASE("cluster names: control characters, commas, empty and over-long names are refused") {
    CHECK(cluster_name_problem("prod-eu").empty());
    CHECK(cluster_name_problem("projects/p/locations/europe-west4/clusters/c1").empty());  // '/' is allowed
    CHECK(cluster_name_problem("..").empty());  // stored as given; paths encode it
    CHECK_THAT(cluster_name_problem(""), Catch::Contains("empty"));
    CHECK_THAT(cluster_name_problem("a\nb"), Catch::Contains("control characters (byte 10 at offset 1)"));
    CHECK_THAT(cluster_name_problem(std::string("a\x1b[31m", 6)), Catch::Contains("control characters"));
    CHECK_THAT(cluster_name_problem("a\x7f"), Catch::Contains("control characters"));
    CHECK_THAT(cluster_name_problem("eu,us"), Catch::Contains("','"));
    CHECK(cluster_name_problem(std::string(253, 'a')).empty());
    CHECK_THAT(cluster_name_problem(std::string(254, 'a')), Catch::Contains("at most 253"));
}
