// The evidence store: migrations, idempotent inserts, batches, the hash chain and
// tamper detection by editing rows behind the store's back.
#include "audit/store/batch_writer.h"
#include "audit/store/schema.h"
#include "audit/store/sqlite.h"
#include "model/result.h"
#include "audit_test_util.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <unistd.h>
#include <string>

using namespace kg::audit;
using kg::audit::test::ident;
namespace fs = std::filesystem;

namespace {

struct TempDb {
    fs::path path;
    explicit TempDb(const std::string& name) {
        path = fs::temp_directory_path() / ("kg-test-" + name + "-" + std::to_string(::getpid()) + ".db");
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

void ingest_two_batches(EvidenceStore& st) {
    SourceState s = st.open_source(ident("a.log"));
    BatchWriter w(st, s.id);
    CHECK(w.add(step(1, "k1", "created")));
    CHECK(w.add(step(2, "k2", "quota_reserved")));
    CHECK_FALSE(w.add(step(3, "k2", "quota_reserved")));  // same natural key: ignored
    w.commit(100, 3);
    CHECK(w.add(step(4, "k3", "admitted")));
    w.seal(200, 4, 200, "abc");
}

std::int64_t count(kg::audit::store::Db& db, const std::string& sql) {
    kg::audit::store::Stmt s(db, sql);
    s.step();
    return s.int64(0);
}

}  // namespace

TEST_CASE("a new store is migrated to the known schema version") {
    TempDb t("migrate");
    {
        EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
        CHECK(store::schema_version(st.db()) == store::known_schema_version());
    }
    EvidenceStore again(t.str(), EvidenceStore::Access::read_only);
    CHECK(store::schema_version(again.db()) == store::known_schema_version());
}

TEST_CASE("a store newer than the binary is refused with a clear error") {
    TempDb t("newer");
    {
        EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
        st.db().exec("INSERT INTO schema_migrations VALUES (999, 'from the future', '2030-01-01T00:00:00Z')");
    }
    CHECK_THROWS_WITH(EvidenceStore(t.str(), EvidenceStore::Access::read_write),
                      Catch::Contains("schema version 999, newer than"));
}

TEST_CASE("a file that is not a store is refused read-only") {
    TempDb t("empty");
    { kg::audit::store::Db db(t.str(), kg::audit::store::Db::Mode::read_write_create); db.exec("CREATE TABLE x(a)"); }
    CHECK_THROWS_WITH(EvidenceStore(t.str(), EvidenceStore::Access::read_only),
                      Catch::Contains("is not a kueuegov evidence store"));
}

TEST_CASE("batches form an intact chain and duplicates add nothing") {
    TempDb t("chain");
    EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
    ingest_two_batches(st);
    CHECK(count(st.db(), "SELECT COUNT(*) FROM workload_events") == 3);
    CHECK(count(st.db(), "SELECT COUNT(*) FROM batches") == 2);
    CHECK(count(st.db(), "SELECT seals_source FROM batches ORDER BY id DESC LIMIT 1") == 1);
    CHECK(st.find_complete_source("abc", "default").has_value());
    const kg::audit::ChainVerification v = st.verify();
    CHECK(v.intact);
    CHECK(v.batches == 2);
    CHECK(v.rows == 3);
    CHECK(v.head.size() == 64);
}

TEST_CASE("verify names the first batch whose rows were edited") {
    TempDb t("tamper");
    EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
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
    SECTION("a row inserted outside an ingest") {
        st.db().exec("PRAGMA foreign_keys = OFF; INSERT INTO workload_events(batch_id, line, nkey, origin, namespace, name, step, time, ts_us, "
                     "cluster) "
                     "VALUES (99, 1, 'x', 'audit', 'ml', 'fake', 'admitted', 't', 0, 'default')");
        const auto v = st.verify();
        REQUIRE_FALSE(v.intact);
        CHECK_THAT(v.problems.front(), Catch::Contains("belong to no batch"));
    }
    SECTION("an edited source hash") {
        st.db().exec("UPDATE source_seals SET sha256 = 'def'");
        const auto v = st.verify();
        REQUIRE_FALSE(v.intact);
        CHECK_THAT(v.problems.front(), Catch::StartsWith("batch 2 "));
    }
    SECTION("a removed batch") {
        st.db().exec("PRAGMA foreign_keys = OFF; DELETE FROM workload_events WHERE batch_id = 1; "
                     "DELETE FROM batch_closes WHERE batch_id = 1; DELETE FROM batch_rows WHERE id = 1");
        const auto v = st.verify();
        REQUIRE_FALSE(v.intact);
        CHECK_THAT(v.problems.front(), Catch::Contains("a batch was removed or reordered"));
    }
}

TEST_CASE("an uncommitted batch leaves nothing and the source resumes at its last commit") {
    TempDb t("resume");
    {
        EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
        SourceState s = st.open_source(ident("big.log"));
        CHECK_FALSE(s.resumed);
        BatchWriter w(st, s.id);
        w.add(step(1, "k1", "created"));
        w.commit(1000, 10);
        w.add(step(11, "k2", "admitted"));
        // destroyed without commit: as if the process died mid-batch
    }
    EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
    CHECK(count(st.db(), "SELECT COUNT(*) FROM workload_events") == 1);
    SourceState s = st.open_source(ident("big.log"));
    CHECK(s.resumed);
    CHECK(s.resume_offset == 1000);
    CHECK(s.resume_line == 10);
    CHECK(st.verify().intact);
}

TEST_CASE("a schema 1 store is migrated to the current schema and its old batches still verify") {
    TempDb t("v1");
    {
        kg::audit::store::Db db(t.str(), kg::audit::store::Db::Mode::read_write_create);
        store::migrate_to(db, 1);
        CHECK(store::schema_version(db) == 1);
    }
    {
        // A binary that knows schema 2 refuses to read a schema 1 store without migrating it.
        CHECK_THROWS_WITH(EvidenceStore(t.str(), EvidenceStore::Access::read_only),
                          Catch::Contains("has schema version 1; run `kueuegov audit ingest"));
    }
    // Write batches the way schema 1 did (no input counts), then migrate and verify.
    {
        kg::audit::store::Db db(t.str(), kg::audit::store::Db::Mode::read_write_create);
        db.exec("INSERT INTO sources(path, format, compression, head_sha256, status, ingested_at) "
                "VALUES ('old.log', 'audit-jsonl', 'none', '00', 'partial', 't')");
    }
    EvidenceStore st(t.str(), EvidenceStore::Access::read_write);
    CHECK(store::schema_version(st.db()) == store::known_schema_version());
    {
        BatchWriter w(st, 1);
        w.add(step(1, "k1", "created"));
        w.commit(10, 1);  // no input counts: hashed like a schema 1 batch
        w.add(step(2, "k2", "admitted"));
        BatchInput in;
        in.events = 5;
        in.kept = 1;
        in.bad = 1;
        in.skipped_json = R"json({"read-only verb (get/list/watch)":3})json";
        w.seal(20, 2, 20, "abc", in);
    }
    CHECK(st.verify().intact);
    CHECK(count(st.db(), "SELECT COUNT(*) FROM batches WHERE events IS NULL") == 1);
    st.db().exec("UPDATE batch_closes SET bad = 0 WHERE events = 5");
    CHECK_FALSE(st.verify().intact);
}
