// The evidence store on PostgreSQL (libpq door): migrations, natural keys, the hash chain (the
// same ids and hashes as SQLite's), tamper detection, foreign and newer stores, read-only
// sessions and connection errors. Hidden tag: these run only as ctest audit/postgres-store,
// against scripts/pg-test-server's server (KUEUEGOV_TEST_PG_URL), and fail without it.
#include "audit/store/batch_writer.h"
#include "audit/store/connection.h"
#include "audit/store/postgres.h"
#include "audit/store/queries.h"
#include "audit/store/schema.h"
#include "model/result.h"
#include "audit_test_util.h"
#include "pg_test_db.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <optional>
#include <string>
#include <unistd.h>

using namespace kg::audit;
using kg::audit::store::Db;
using kg::audit::store::Stmt;
using kg::audit::test::ident;
namespace fs = std::filesystem;

namespace {

/// A new database on the test server, dropped afterwards.
struct PgDatabase : test::PgTestDb {
    PgDatabase() : PgTestDb("kg_unit") {}
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

void ingest_two_batches(EvidenceStore& st) {
    SourceState s = st.open_source(ident("a.log"));
    BatchWriter w(st, s.id);
    CHECK(w.add(step(1, "k1", "created")));
    CHECK(w.add(step(2, "k2", "quota_reserved")));
    CHECK_FALSE(w.add(step(3, "k2", "quota_reserved")));  // same natural key: ignored
    w.commit(100, 3);
    CHECK(w.add(step(4, "k3", "admitted")));
    CHECK(w.add(step(5, "k1", "created")));  // a key of the first batch: left out at the commit
    w.seal(200, 4, 200, "abc");
    CHECK(w.take_already_stored() == 1);
}

std::int64_t count(Db& db, const std::string& sql) {
    Stmt s(db, sql);
    s.step();
    return s.int64(0);
}

}  // namespace

TEST_CASE("a PostgreSQL store is migrated, reopened and verifies", "[.postgres]") {
    PgDatabase pg;
    {
        EvidenceStore st(pg.url, EvidenceStore::Access::read_write);
        CHECK(store::schema_version(st.db()) == store::known_schema_version());
        CHECK(st.db().dialect() == store::Dialect::postgres);
    }
    EvidenceStore again(pg.url, EvidenceStore::Access::read_write);
    CHECK(store::schema_version(again.db()) == store::known_schema_version());
    const auto v = again.verify();
    CHECK(v.intact);
    CHECK(v.problems.empty());
    CHECK(v.schema_sha256.size() == 64);
}

TEST_CASE("PostgreSQL and SQLite store the same rows, ids and chain", "[.postgres]") {
    PgDatabase pg;
    const fs::path lite = fs::temp_directory_path() / ("kg-test-pg-same-" + std::to_string(::getpid()) + ".db");
    fs::remove(lite);
    // Commit times are hashed: both stores take the same fixed one, as SOURCE_DATE_EPOCH gives.
    struct FixedNow {
        FixedNow() { ::setenv("SOURCE_DATE_EPOCH", "1767225600", 1); }
        ~FixedNow() { ::unsetenv("SOURCE_DATE_EPOCH"); }
    } fixed_now;
    std::string pg_head, lite_head;
    {
        EvidenceStore st(pg.url, EvidenceStore::Access::read_write);
        ingest_two_batches(st);
        CHECK(count(st.db(), "SELECT COUNT(*) FROM workload_events") == 3);
        CHECK(count(st.db(), "SELECT MAX(id) FROM workload_events") == 3);  // no id lost to a conflict
        const auto v = st.verify();
        CHECK(v.intact);
        CHECK(v.batches == 2);
        CHECK(v.rows == 3);
        pg_head = v.head;
    }
    {
        EvidenceStore st(lite.string(), EvidenceStore::Access::read_write);
        ingest_two_batches(st);
        lite_head = st.verify().head;
    }
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(lite.string() + suffix);
    CHECK(pg_head.size() == 64);
    CHECK(pg_head == lite_head);
}

TEST_CASE("chain v4: a cluster's chain is the same on SQLite and PostgreSQL although other clusters took ids between",
          "[.postgres]") {
    PgDatabase pg;
    const fs::path lite = fs::temp_directory_path() / ("kg-test-pg-v4-" + std::to_string(::getpid()) + ".db");
    fs::remove(lite);
    struct FixedNow {
        FixedNow() { ::setenv("SOURCE_DATE_EPOCH", "1767225600", 1); }
        ~FixedNow() { ::unsetenv("SOURCE_DATE_EPOCH"); }
    } fixed_now;
    auto in_cluster = [](const std::string& path, const std::string& cluster) {
        SourceIdentity id = ident(path);
        id.cluster = cluster;
        return id;
    };
    // Cluster eu: two batches, the second sealing; with `other`, cluster us's batches are
    // committed before, between and after them, so eu's rows and batches get other ids.
    auto ingest_eu = [&](EvidenceStore& st, bool other) {
        std::optional<BatchWriter> us;
        if (other) {
            us.emplace(st, st.open_source(in_cluster("u.log", "us")).id);
            CHECK(us->add(step(1, "u1", "created")));
            CHECK(us->add(step(2, "u2", "admitted")));
            us->commit(10, 2);
        }
        BatchWriter eu(st, st.open_source(in_cluster("a.log", "eu")).id);
        CHECK(eu.add(step(1, "k1", "created")));
        CHECK(eu.add(step(2, "k2", "quota_reserved")));
        eu.commit(100, 2);
        if (us) {
            CHECK(us->add(step(3, "u3", "finished")));
            us->commit(20, 3);
        }
        CHECK(eu.add(step(3, "k3", "admitted")));
        eu.seal(200, 3, 200, "abc");
        if (us) us->seal(30, 3, 30, "def");
    };
    auto eu_head = [](const ChainVerification& v) {
        for (const auto& c : v.clusters)
            if (c.cluster == "eu") return c.head;
        return std::string();
    };
    std::string pg_head, lite_head;
    {
        EvidenceStore st(pg.url, EvidenceStore::Access::read_write);
        ingest_eu(st, true);
        const auto v = st.verify();
        CHECK(v.problems == std::vector<std::string>{});
        CHECK(v.batches == 5);
        pg_head = eu_head(v);
        // The ids differ from SQLite's below: us took the first row and batch ids.
        CHECK(count(st.db(), "SELECT MIN(id) FROM workload_events WHERE cluster = 'eu'") == 3);
        CHECK(count(st.db(), "SELECT MIN(id) FROM batches WHERE cluster = 'eu'") == 2);
        CHECK(count(st.db(), "SELECT COUNT(*) FROM batches WHERE chain_version = 4") == 5);
    }
    {
        EvidenceStore st(lite.string(), EvidenceStore::Access::read_write);
        ingest_eu(st, false);
        const auto v = st.verify();
        CHECK(v.problems == std::vector<std::string>{});
        lite_head = v.head;
        CHECK(eu_head(v) == lite_head);
        CHECK(count(st.db(), "SELECT MIN(id) FROM workload_events WHERE cluster = 'eu'") == 1);
    }
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(lite.string() + suffix);
    CHECK(pg_head.size() == 64);
    CHECK(pg_head == lite_head);
}

TEST_CASE("Jobs without a creation time sort and resolve alike on PostgreSQL and SQLite", "[.postgres]") {
    PgDatabase pg;
    const fs::path lite = fs::temp_directory_path() / ("kg-test-pg-nulls-" + std::to_string(::getpid()) + ".db");
    fs::remove(lite);
    auto job = [](std::uint64_t line, const std::string& name, std::optional<std::int64_t> created,
                  const std::string& queue) {
        JobRow j;
        j.line = line;
        j.nkey = "job/" + name + "/" + std::to_string(line);
        j.origin = "audit";
        j.kind = "Job";
        j.api_group = "batch";
        j.namespace_ = "ml";
        j.name = name;
        j.created_ts_us = created;
        j.queue_name = queue;
        return j;
    };
    // Per backend: the order jobs() returns, and the queue a later label lookup resolves for
    // "train" (one version with a creation time, a later-inserted one without).
    auto run = [&](const std::string& where) {
        std::vector<std::string> order;
        EvidenceStore st(where, EvidenceStore::Access::read_write);
        {
            BatchWriter w(st, st.open_source(ident("jobs.log")).id);
            CHECK(w.add(job(1, "dated", 1'790'000'000'000'000, "q-dated")));
            CHECK(w.add(job(2, "undated", std::nullopt, "q-undated")));
            CHECK(w.add(job(3, "train", 1'790'000'000'000'000, "q-known")));
            CHECK(w.add(job(4, "train", std::nullopt, "q-unknown")));
            w.seal(100, 4, 100, "abc");
        }
        for (const JobRecord& j : query::jobs(st)) order.push_back(j.name + ":" + j.queue_name.value_or("-"));
        return order;
    };
    const std::vector<std::string> on_pg = run(pg.url);
    const std::vector<std::string> on_lite = run(lite.string());
    for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(lite.string() + suffix);
    CHECK(on_pg == on_lite);
    CHECK(on_lite == std::vector<std::string>{"undated:q-undated", "train:q-unknown", "dated:q-dated", "train:q-known"});
}

TEST_CASE("verify finds rows, batches and schema changed behind a PostgreSQL store's back", "[.postgres]") {
    PgDatabase pg;
    EvidenceStore st(pg.url, EvidenceStore::Access::read_write);
    ingest_two_batches(st);
    SECTION("an edited row") {
        st.db().exec("UPDATE workload_events SET actor = 'mallory' WHERE nkey = 'k2'");
        const auto v = st.verify();
        REQUIRE_FALSE(v.intact);
        CHECK_THAT(v.problems.front(), Catch::StartsWith("batch 1 ") && Catch::Contains("recomputed"));
    }
    SECTION("a deleted row") {
        st.db().exec("DELETE FROM workload_events WHERE nkey = 'k3'");
        const auto v = st.verify();
        REQUIRE_FALSE(v.intact);
        CHECK_THAT(v.problems.front(), Catch::StartsWith("batch 2 ") && Catch::Contains("rows were added or deleted"));
    }
    SECTION("an edited source hash") {
        st.db().exec("UPDATE source_seals SET sha256 = 'def'");
        const auto v = st.verify();
        REQUIRE_FALSE(v.intact);
        CHECK_THAT(v.problems.front(), Catch::StartsWith("batch 2 "));
    }
    SECTION("a planted trigger") {
        st.db().exec("CREATE FUNCTION kg_evil() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$; "
                     "CREATE TRIGGER drop_rows BEFORE INSERT ON workload_events FOR EACH ROW EXECUTE FUNCTION kg_evil()");
        const auto v = st.verify();
        REQUIRE_FALSE(v.intact);
        // The trigger and, since functions are schema too (migration 8), its function.
        REQUIRE(v.problems.size() == 2);
        CHECK_THAT(v.problems[0], Catch::Contains("function kg_evil()") && Catch::Contains("not part of the kueuegov schema"));
        CHECK_THAT(v.problems[1], Catch::Contains("trigger drop_rows") && Catch::Contains("not part of the kueuegov schema"));
    }
    SECTION("a dropped index") {
        st.db().exec("DROP INDEX workload_events_step");
        const auto v = st.verify();
        REQUIRE_FALSE(v.intact);
        CHECK_THAT(v.problems.front(), Catch::Contains("index workload_events_step of the kueuegov schema is missing"));
    }
}

TEST_CASE("a PostgreSQL store resumes a source at its last commit", "[.postgres]") {
    PgDatabase pg;
    {
        EvidenceStore st(pg.url, EvidenceStore::Access::read_write);
        SourceState s = st.open_source(ident("big.log"));
        BatchWriter w(st, s.id);
        w.add(step(1, "k1", "created"));
        w.commit(1000, 10);
        w.add(step(11, "k2", "admitted"));
        // destroyed without commit: as if the process died mid-batch
    }
    EvidenceStore st(pg.url, EvidenceStore::Access::read_write);
    CHECK(count(st.db(), "SELECT COUNT(*) FROM workload_events") == 1);
    SourceState s = st.open_source(ident("big.log"));
    CHECK(s.resumed);
    CHECK(s.resume_offset == 1000);
    CHECK(s.resume_line == 10);
    CHECK(st.verify().intact);
}

TEST_CASE("another application's database and a newer store are refused", "[.postgres]") {
    PgDatabase pg;
    SECTION("foreign tables") {
        { Db db(pg.url, Db::Mode::read_write_create); db.exec("CREATE TABLE users(id int)"); }
        CHECK_THROWS_WITH(EvidenceStore(pg.url, EvidenceStore::Access::read_write),
                          Catch::Contains("is not a kueuegov evidence store (it holds table users"));
    }
    SECTION("an empty database read") {
        CHECK_THROWS_WITH(EvidenceStore(pg.url, EvidenceStore::Access::read_only),
                          Catch::Contains("is an empty database, not yet an evidence store"));
    }
    SECTION("a newer schema") {
        { EvidenceStore st(pg.url, EvidenceStore::Access::read_write); }
        { Db db(pg.url, Db::Mode::read_write_create); db.exec("INSERT INTO schema_migrations VALUES (999, 'future', 'x')"); }
        CHECK_THROWS_WITH(EvidenceStore(pg.url, EvidenceStore::Access::read_only), Catch::Contains("newer than"));
    }
}

TEST_CASE("a read-only PostgreSQL session cannot write", "[.postgres]") {
    PgDatabase pg;
    { EvidenceStore st(pg.url, EvidenceStore::Access::read_write); }
    EvidenceStore ro(pg.url, EvidenceStore::Access::read_only);
    CHECK_THROWS_WITH(ro.db().exec("DELETE FROM source_rows"), Catch::Contains("read-only transaction"));
    CHECK(ro.verify().intact);  // verify builds its reference schema in a rolled-back temporary one
}

TEST_CASE("connection errors name the socket and never the password", "[.postgres]") {
    try {
        Db db("postgresql://u:s3cret@/db?host=/nonexistent-kg-socket", Db::Mode::read_only);
        FAIL("connected to a socket that does not exist");
    } catch (const store::Unavailable& e) {
        const std::string m = e.what();
        CHECK_THAT(m, Catch::Contains("/nonexistent-kg-socket/.s.PGSQL.5432"));
        CHECK_THAT(m, !Catch::Contains("s3cret"));
        CHECK_THAT(m, Catch::Contains("postgresql://u:***@/db"));
    }
    CHECK_THROWS_AS(Db("postgresql://u@/db?bogus_option=1", Db::Mode::read_only), kg::model::Fatal);
}

TEST_CASE("URL redaction and parameter rewriting") {  // no server needed: runs with the other audit tests
    CHECK(store::redact_url("postgresql://alice:pw@db.example:5432/ev") == "postgresql://alice:***@db.example:5432/ev");
    CHECK(store::redact_url("postgres://alice@h/ev?password=pw&sslmode=require") ==
          "postgres://alice@h/ev?password=***&sslmode=require");
    CHECK(store::redact_url("postgresql:///ev?host=/run/pg") == "postgresql:///ev?host=/run/pg");
    CHECK(store::postgres_parameters("SELECT ? , ?, 'a?b' FROM t WHERE x = ?") == "SELECT $1 , $2, 'a?b' FROM t WHERE x = $3");
    CHECK(store::postgres_parameters("WHERE (?1 = '' OR n = ?1) AND t < ?12") == "WHERE ($1 = '' OR n = $1) AND t < $12");
    std::vector<bool> used;
    CHECK(store::postgres_parameters("WHERE a = ?2 AND (?5 = '' OR c = ?5)", &used) ==
          "WHERE a = $2 AND ($5 = '' OR c = $5)");
    CHECK(used == std::vector<bool>{false, true, false, false, true});
    CHECK(store::is_server_url("postgres://x"));
    CHECK(store::is_server_url("postgresql://x"));
    CHECK_FALSE(store::is_server_url("evidence.db"));
}
